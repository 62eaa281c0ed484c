/**
 * The texts the app shell renders on every page (header, footer, spinner, errors), split from
 * az.ts so the first page load does not download the whole catalogue. az.ts re-exports them as
 * part of `az`; the same rules apply (the product's texts stay byte-for-byte).
 */
export const azShell = {
  appName: 'KinoDost',

  /** The browser tab's title of each page (document.title), so a screen reader announces where a link led. */
  pageTitles: {
    of: (page: string) => `${page} · KinoDost`,
    login: 'Daxil ol',
    register: 'Qeydiyyat',
    forgotPassword: 'Şifrənin bərpası',
    resetPassword: 'Yeni şifrə təyin edin',
    publicProfile: 'İstifadəçi profili',
    movie: 'Film',
    film: 'Film',
    newsletters: 'Yeniliklər',
    newsletter: 'Yenilik',
    dashboard: 'İdarə Paneli',
    profile: 'Profil',
    friends: 'Dostlar',
    messages: 'Mesajlar',
    notFound: 'Səhifə tapılmadı',
    adminOverview: 'Ümumi Panel',
    adminUsers: 'İstifadəçi İdarəetmə',
    adminComments: 'Şərh İdarəetmə',
    adminFilms: 'Filmlər',
    adminNewsletters: 'Yeniliklər',
  },

  common: {
    loading: 'Yüklənir…',
    save: 'Yadda saxla',
    saving: 'Saxlanılır…',
    cancel: 'Ləğv et',
    delete: 'Sil',
    close: 'Bağla',
    retry: 'Yenidən cəhd et',
    signIn: 'Daxil ol',
    backHome: 'Ana səhifəyə qayıt',
    showPassword: 'Şifrəni göstər',
    hidePassword: 'Şifrəni gizlət',
    notAvailable: 'N/A',
    skipToContent: 'Əsas məzmuna keç',
  },

  /** The error catalogue (docs/product.md#error-texts). */
  errors: {
    api: 'API xətası',
    serverNoAnswer: 'Server cavab vermədi',
    unreadableResponse: 'Cavabı emal etmək mümkün olmadı',
    unknown: 'Bilinməyən xəta',
    unparseableSuccess: 'Serverdan gelen cavab emal edilemedi.',
    sessionExpired: 'Sessiyanın müddəti bitib, yenidən daxil olun',
    serverUnreachable: 'Server əlçatan deyil',
    adminOnly: 'Bu səhifəyə giriş üçün admin yetkiniz yoxdur.',
    loginRequired: 'Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır',
  },

  theme: {
    toLight: 'İşıqlı rejimə keç',
    toDark: 'Qaranlıq rejimə keç',
  },

  header: {
    logoLabel: 'KinoDost — ana səhifə',
    openMenu: 'Menyunu aç',
    accountMenu: 'Hesab menyusu',
    online: 'İndi onlayn',
    offline: 'Offlayn',
    myProfile: 'Profilim',
    friendsList: 'Dost siyahısı',
    adminPanel: 'Admin Paneli',
    logout: 'Çıxış',
    login: 'Daxil Ol',
  },

  footer: {
    copyright: (year: number) => `© ${year} KinoDost. Bütün hüquqlar qorunur.`,
    credit: 'KinoDost komandası tərəfindən sevgi ilə hazırlanıb',
    socialNav: 'KinoDost sosial şəbəkələrdə',
    instagram: 'KinoDost Instagram-da',
    facebook: 'KinoDost Facebook-da',
    x: 'KinoDost X-də (Twitter)',
  },

  spinner: {
    label: 'Yüklənir…',
  },

  toasts: {
    /** The toasts' region, for screen readers; Alt+T moves focus to it (react-toastify's hotkey). */
    label: 'Qısa bildirişlər, Alt+T',
  },

  routeError: {
    title: 'Nəsə səhv getdi',
    text: 'Səhifəni yükləmək mümkün olmadı. Səhifəni yeniləyin və ya bir az sonra yenidən cəhd edin.',
    reload: 'Səhifəni yenilə',
  },
} as const;
