/** The landing page's texts, its own module so that only the landing page's chunk carries them. */
export const azLanding = {
  eyebrow: 'Filmsevərlərin sosial məkanı',
  title: 'Filmlər dostlarla daha maraqlıdır',
  subtitle:
    'KinoDost-da izlədiyiniz və izləmək istədiyiniz filmləri bir yerdə toplayın, dostlarınızla paylaşın, kimin onlayn olduğunu görün və yeniliklərdən xəbərdar olun.',
  register: 'Pulsuz qeydiyyatdan keçin',
  login: 'Daxil olun',
  toDashboard: 'İdarə panelinə keçin',
  readNews: 'Yenilikləri oxuyun',
  featuresTitle: 'KinoDost ilə nə edə bilərsiniz?',
  features: {
    collection: {
      title: 'Film kolleksiyanız',
      text: 'İzlədiyiniz və izləmək istədiyiniz filmləri saxlayın, qiymətləndirin və bir baxışda tapın.',
    },
    friends: {
      title: 'Dostlarla paylaşın',
      text: 'Dostlarınızı əlavə edin, dostluq istəkləri göndərin və onların film seçimlərini kəşf edin.',
    },
    presence: {
      title: 'Kim onlayndır?',
      text: 'Dostlarınızdan kimin indi onlayn olduğunu və sonuncu dəfə nə vaxt göründüyünü izləyin.',
    },
    news: {
      title: 'Yeniliklər',
      text: 'KinoDost-dakı yeniliklər və elanlar barədə ilk siz xəbər tutun.',
    },
  },
  closingTitle: 'Növbəti filminizi dostlarınızla seçin',
  closingText: 'Qeydiyyat bir dəqiqədən az vaxt aparır.',
} as const;
