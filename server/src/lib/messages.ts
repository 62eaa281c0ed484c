import { TITLE_MAX, YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';

/** A file name as a message quotes it: the sender chose it, so a long one is cut. */
const fileName = (name: string) => (name.length > 80 ? `${name.slice(0, 79)}…` : name);

/**
 * Every text the server sends to a person, in Azerbaijani, in one place so a
 * translator finds them. Keys are grouped by feature.
 */
export const msg = {
  common: {
    validation: 'Məlumatlar düzgün deyil',
    unstorableText: 'Mətndə icazə verilməyən simvol (U+0000) var',
    malformedJson: 'Sorğunun məzmunu düzgün JSON deyil',
    /** A JSON body nested deeper than lib/json-depth.ts allows. */
    tooDeep: 'Sorğunun məzmunu həddən artıq iç-içədir',
    notFoundRoute: 'Belə bir API ünvanı yoxdur',
    /** A known API path asked with a method it does not take (405, the methods it takes in `Allow`). */
    methodNotAllowed: 'Bu API ünvanı belə sorğu qəbul etmir',
    /** An uploaded file (an avatar, a poster) that is not there. */
    fileNotFound: 'Fayl tapılmadı',
    internal: 'Daxili server xətası baş verdi',
    unavailable: 'Xidmət müvəqqəti əlçatan deyil, bir az sonra yenidən cəhd edin',
    payloadTooLarge: 'Sorğu çox böyükdür',
    unsupportedMediaType: 'Bu məzmun növü dəstəklənmir',
    rateLimited: 'Çox sayda cəhd edildi. Bir az sonra yenidən cəhd edin',
    invalidId: 'Identifikator düzgün deyil',
    conflict: 'Bu məlumat artıq mövcuddur',
    /** A write refers to something removed meanwhile (a foreign-key violation past a service's check). */
    gone: 'Bu məlumat artıq mövcud deyil',
    badUrl: 'Ünvan düzgün deyil',
    badRequest: 'Sorğu düzgün deyil',
    headersTooLarge: 'Sorğunun başlıqları çox böyükdür',
    requestTimeout: 'Sorğu vaxtında tamamlanmadı',
  },
  fields: {
    required: 'Bu sahə mütləqdir',
    type: 'Dəyərin növü düzgün deyil',
    tooShort: (n: number) => `Ən azı ${n} simvol olmalıdır`,
    tooLong: (n: number) => `Ən çoxu ${n} simvol ola bilər`,
    invalid: 'Dəyər düzgün deyil',
    unknown: 'Bu sahə qəbul edilmir',
    username:
      'İstifadəçi adı 3-30 simvoldan ibarət olmalı və yalnız hərf, rəqəm, "_" və "." simvollarından ibarət ola bilər',
    usernameInvisible: 'İstifadəçi adında görünməyən və ya boş simvollar ola bilməz',
    usernameScript:
      'İstifadəçi adının hərfləri bir əlifbadan olmalıdır (məsələn, yalnız latın və ya yalnız kiril); rəqəm, "_" və "." istənilən əlifba ilə yazıla bilər',
    email: 'E-poçt ünvanı düzgün deyil',
    passwordLength: 'Şifrə 8-128 simvol olmalıdır',
    passwordIsUsername: 'Şifrə istifadəçi adı ilə eyni ola bilməz',
    passwordCommon: 'Bu şifrə çox sadədir, başqa şifrə seçin',
    visibility: 'Görünmə yalnız "public", "friends" və ya "private" ola bilər',
    days: 'Aralıq yalnız 7, 30 və ya 90 gün ola bilər',
    date: `Tarix ${YEAR_MIN}-${YEAR_MAX}-ci illər arasında düzgün bir tarix olmalıdır`,
  },
  auth: {
    missingToken: 'Giriş tələb olunur',
    invalidToken: 'Sessiya etibarsızdır və ya müddəti bitib, yenidən daxil olun',
    badCredentials: 'İstifadəçi adı və ya şifrə yanlışdır',
    usernameTaken: 'Bu istifadəçi adı artıq istifadə olunur',
    emailTaken: 'Bu e-poçt ünvanı artıq istifadə olunur',
    forgotSent: 'Əgər bu e-poçt ünvanı ilə hesab varsa, şifrəni yeniləmək üçün keçid göndərildi',
    resetInvalid: 'Şifrə yeniləmə keçidi etibarsızdır və ya müddəti bitib',
    resetDone: 'Şifrə yeniləndi. İndi yeni şifrə ilə daxil ola bilərsiniz',
    passwordChanged: 'Şifrə dəyişdirildi',
    wrongCurrentPassword: 'Cari şifrə yanlışdır',
    loginLimited: 'Çox sayda uğursuz giriş cəhdi. Bir az sonra yenidən cəhd edin',
    registerLimited: 'Bu ünvandan çox sayda qeydiyyat edildi. Bir az sonra yenidən cəhd edin',
    forgotLimited: 'Bu e-poçt üçün çox sayda sorğu göndərildi. Bir az sonra yenidən cəhd edin',
    resetLimited: 'Bu ünvandan çox sayda şifrə yeniləmə cəhdi edildi. Bir az sonra yenidən cəhd edin',
  },
  users: {
    notFound: 'İstifadəçi tapılmadı',
    adminOnly: 'Bu əməliyyat üçün admin yetkiniz yoxdur',
    lastAdmin: 'Sonuncu admini silmək və ya adminlikdən çıxarmaq olmaz',
    deleted: 'İstifadəçi silindi',
    /** PUT /api/user/profile with a new email and no current password. */
    emailNeedsPassword: 'E-poçtu dəyişmək üçün cari şifrənizi daxil edin',
  },
  blocks: {
    self: 'Özünüzü bloklaya bilməzsiniz',
  },
  avatar: {
    missing: 'Şəkil faylı göndərilməyib (sahə adı: avatar)',
    tooLarge: 'Şəkil 5 MB-dan böyük ola bilməz',
    oneFile: 'Bir dəfəyə yalnız bir şəkil faylı göndərin',
    empty: 'Şəkil faylı boşdur',
    unsupported: 'Yalnız JPEG, PNG, WebP və ya GIF şəkilləri qəbul edilir',
    tooManyPixels: 'Şəklin ölçüsü çox böyükdür (ən çoxu 25 meqapiksel)',
    corrupt: 'Şəkil faylı zədələnib və ya oxunmur',
  },
  poster: {
    missing: 'Poster faylı göndərilməyib (sahə adı: poster)',
    tooLarge: 'Poster 5 MB-dan böyük ola bilməz',
    oneFile: 'Bir dəfəyə yalnız bir poster faylı göndərin',
    empty: 'Poster faylı boşdur',
    unsupported: 'Yalnız JPEG, PNG, WebP və ya GIF şəkilləri qəbul edilir',
    tooManyPixels: 'Posterin ölçüsü çox böyükdür (ən çoxu 25 meqapiksel)',
    corrupt: 'Poster faylı zədələnib və ya oxunmur',
  },
  friends: {
    requestSent: 'Dostluq istəyi göndərildi',
    accepted: 'Dostluq istəyi qəbul edildi',
    rejected: 'Dostluq istəyi rədd edildi',
    cancelled: 'Dostluq istəyi ləğv edildi',
    removed: 'Dostluq əlaqəsi silindi',
    alreadyRequested: 'Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir',
    alreadyFriends: 'Bu istifadəçi ilə artıq dostsunuz',
    self: 'Özünüzə dostluq istəyi göndərə bilməzsiniz',
    requestNotFound: 'Dostluq istəyi tapılmadı',
    friendshipNotFound: 'Bu istifadəçi ilə dostluq əlaqəniz yoxdur',
    statusSelf: 'Öz profiliniz',
    statusNone: 'Dostluq istəyi göndərə bilərsiniz',
    statusYouBlocked: 'Bu istifadəçini bloklamısınız',
    statusUnavailable: 'Bu istifadəçiyə dostluq istəyi göndərmək mümkün deyil',
    statusOutgoing: 'Dostluq istəyi göndərilib',
    statusIncoming: 'Sizə dostluq istəyi göndərib',
    statusAccepted: 'Siz dostsunuz',
  },
  messages: {
    notFriend: 'Bu istifadəçi dostlarınız arasında deyil',
    empty: 'Mesaj boş ola bilməz: mətn yazın və ya film seçin',
    limited: 'Çox sayda mesaj göndərildi. Bir dəqiqə sonra yenidən cəhd edin',
  },
  movies: {
    notFound: 'Film tapılmadı',
    deleted: 'Film silindi',
    blankTitle: 'Filmin adı boş ola bilməz',
    badQuery: 'Axtarış sorğusu 1-100 simvol olmalıdır',
    duplicate: 'Bu film artıq kolleksiyanızdadır',
    filmFactsLocked: 'Bu filmin məlumatlarını yalnız onu kataloqa əlavə edən üzv dəyişə bilər',
  },
  films: {
    notFound: 'Film kataloqda tapılmadı',
    badQuery: 'Axtarış sorğusu 1-100 simvol olmalıdır',
    tmdbOff: 'TMDB axtarışı bu serverdə qoşulmayıb',
    tmdbDown: 'TMDB hazırda cavab vermir, bir az sonra yenidən cəhd edin',
    tmdbNotFound: 'TMDB-də belə film tapılmadı',
    tmdbLimited: 'Çox sayda TMDB sorğusu göndərildi. Bir az sonra yenidən cəhd edin',
    mergeSelf: 'Film özü ilə birləşdirilə bilməz',
    posterHttps: 'Poster ünvanı https:// ilə başlamalıdır',
    unknownGenre: 'Janr kataloqun janr siyahısında yoxdur',
    unknownGenreNamed: (genre: string) => `"${genre.slice(0, 40)}" janrı kataloqun janr siyahısında yoxdur`,
    blankTitle: 'Filmin adı boş ola bilməz',
    merged: 'Filmlər birləşdirildi',
    mergeBusy:
      'Bu filmlər hazırda başqa əməliyyatla dəyişdirilir, heç nə birləşdirilmədi. Bir az sonra yenidən cəhd edin',
  },
  comments: {
    notFound: 'Şərh tapılmadı',
    blank: 'Şərh boş ola bilməz',
    deleted: 'Şərh silindi',
    moderated: 'Şərhlər yeniləndi',
    limited: 'Çox sayda şərh göndərildi. Bir az sonra yenidən cəhd edin',
  },
  feed: {
    badCursor: 'Səhifə göstəricisi düzgün deyil',
  },
  notifications: {
    marked: 'Bildirişlər oxunmuş kimi qeyd edildi',
  },
  newsletters: {
    notFound: 'Yenilik tapılmadı',
    blankTitle: 'Yeniliyin başlığı boş ola bilməz',
    blankContent: 'Yeniliyin mətni boş ola bilməz',
    markedViewed: 'Yenilik oxunmuş kimi qeyd edildi',
    deleted: 'Yenilik silindi',
  },
  imports: {
    missing: 'Fayl göndərilməyib (sahə adı: file)',
    oneFile: 'Bir dəfəyə yalnız bir fayl göndərin',
    tooLarge: 'Fayl 10 MB-dan böyük ola bilməz',
    corrupt: 'Fayl tam alınmadı, yenidən göndərin',
    notRecognised:
      'Fayl tanınmadı: Letterboxd ixracını (.zip və ya onun watched.csv, diary.csv, ratings.csv, watchlist.csv, reviews.csv faylları) və ya IMDb reytinqlər ixracını (.csv) göndərin',
    empty: 'Faylda idxal ediləcək film yoxdur',
    tooManyRows: 'Faylda 50 000-dən çox sətir var; faylı hissələrə bölüb ayrı-ayrı göndərin',
    encoding: (file: string) =>
      `${fileName(file)} faylı UTF-8 kodlaşmasında deyil. Letterboxd və IMDb ixracını dəyişmədən göndərin (Excel-də açıb saxlamayın)`,
    badCsv: (file: string, line: number) =>
      `${fileName(file)} faylı pozulub (sətir ${line}): dırnaq işarələri və ya sütunların sayı düzgün deyil`,
    badRating: (file: string, line: number) => `${fileName(file)} faylında reytinq düzgün deyil (sətir ${line})`,
    rowTooLarge: (file: string, line: number) =>
      `${fileName(file)} faylında sətir ${line} 1 MB-dan böyükdür; film sətri belə olmur`,
    tooLong: (file: string, line: number) =>
      `${fileName(file)} faylında filmin adı və ya rejissoru çox uzundur: ən çoxu ${TITLE_MAX} simvol (sətir ${line})`,
    zipBroken: 'Arxiv pozulub və ya ZIP faylı deyil',
    zipBomb: (name: string) =>
      `Arxivdəki ${fileName(name)} faylı açıldıqda 50 MB-dan böyükdür; belə arxiv qəbul edilmir`,
    zipPath: 'Arxivdə qovluğundan kənara çıxan fayl yolu var; belə arxiv qəbul edilmir',
    zipTooManyEntries: 'Arxivdə 10 000-dən çox fayl var; Letterboxd ixracı belə olmur',
    running: 'Başqa idxalınız hələ davam edir. O bitəndən sonra yenidən cəhd edin',
    /** Too many uploaded exports being checked at once (429, Retry-After). */
    busy: 'Hazırda çox sayda idxal faylı yoxlanılır. Bir neçə saniyə sonra yenidən cəhd edin',
    notFound: 'İdxal tapılmadı',
    interrupted: 'İdxal server yenidən başladığı üçün yarımçıq qaldı və geri alındı; faylı yenidən göndərin',
    failed: 'İdxal alınmadı və geri alındı; bir az sonra yenidən cəhd edin',
  },
  account: {
    wrongPassword: 'Şifrə yanlışdır',
    lastAdmin: 'Siz sonuncu adminsiniz: hesabınızı silməzdən əvvəl başqa bir üzvü admin edin',
  },
  idempotency: {
    badKey: 'Idempotency-Key başlığı 1-200 simvoldan ibarət olmalıdır',
    otherRequest: 'Bu Idempotency-Key artıq başqa bir sorğu ilə göndərilib',
    inProgress: 'Eyni sorğu hələ icra olunur. Bir az sonra səhifəni yeniləyib nəticəni yoxlayın',
  },
  mail: {
    resetSubject: 'KinoDost: şifrənin yenilənməsi',
  },
} as const;
