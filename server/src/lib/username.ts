import { USERNAME_MAX, USERNAME_MIN } from '@kinodost/contracts/limits';
import unhomoglyph from 'unhomoglyph';
import { ValidationError } from './errors';
import { msg } from './messages';

/**
 * Usernames that look alike are one name (docs/reliability.md, "Look-alike usernames").
 * Every path that sets a username stores its NFKC form (`normaliseUsername`) and that form's
 * `usernameKey` in `users.username_skeleton`, whose unique index settles races; a new name
 * must also pass `usernameProblem`.
 */

/** Fullwidth, circled, ligature and other compatibility forms become their plain letters. */
export const normaliseUsername = (raw: string): string => raw.normalize('NFKC');

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * Unicode's confusable skeleton (UTS #39 section 4): NFD, default-ignorable characters
 * removed, every character replaced by its prototype from confusables.txt, NFD again.
 * The prototypes come from `unhomoglyph` (nodeca), which ships confusables.txt as a map and
 * applies it; the steps around the map are the standard library's.
 */
export const skeleton = (text: string): string =>
  unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');

/**
 * Case folding for the key. Azerbaijani has dotted İ/i and dotless I/ı; a reader tells
 * `admın` from `admin` by a dot, so all four are one letter (as the search's kd_fold has it).
 * Without it, `İ` would lower-case to `i` + a combining dot, a different key from `i`. And a
 * capital I is drawn as a small l in most sans-serif faces (`TuraI` reads as `tural`), while
 * case-insensitively it is `i`: so i and l are one letter of the key too, written `l` (the
 * prototype confusables.txt gives I, 1 and |).
 */
const fold = (text: string): string => text.replace(/[İIıi]/g, 'l').toLowerCase();

/**
 * The uniqueness key of a username: the skeleton of its case-folded NFKC form, repeated
 * until it settles (a prototype may be an upper-case letter, e.g. `0` → `O`, which folds
 * on). Two names with one key are the same name to a reader, so only one may exist.
 */
export function usernameKey(username: string): string {
  let key = normaliseUsername(username);
  for (let round = 0; round < 8; round++) {
    const next = skeleton(fold(key));
    if (next === key) break;
    key = next;
  }
  return key;
}

// Every script the runtime's regular expressions know (Script_Extensions values), Common and
// Inherited left out: a letter of neither belongs to no one script.
const SCRIPT_NAMES =
  'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Toto Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square';
const SCRIPTS = SCRIPT_NAMES.split(' ').flatMap((name) => {
  try {
    return [{ name, test: new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u') }];
  } catch {
    return []; // a script newer than this runtime's Unicode
  }
});
// Writing systems that mix scripts by nature (UTS #39 "Highly Restrictive"): Japanese, Korean
// and Chinese with Bopomofo count as one script each.
const WRITING_SYSTEMS: Record<string, string[]> = {
  Han: ['Japanese', 'Korean', 'Chinese'],
  Hiragana: ['Japanese'],
  Katakana: ['Japanese'],
  Hangul: ['Korean'],
  Bopomofo: ['Chinese'],
};
// Bounded: names sent by anyone may hold any of some 150,000 letters.
const scriptsCache = new Map<string, Set<string>>();
const CACHED_CHARS = 4096;
/** The scripts a character is written in (a Katakana-Hiragana mark is both). */
function scriptsOf(char: string): Set<string> {
  let found = scriptsCache.get(char);
  if (!found) {
    found = new Set(
      SCRIPTS.filter((s) => s.test.test(char)).flatMap((s) => [s.name, ...(WRITING_SYSTEMS[s.name] ?? [])]),
    );
    if (scriptsCache.size >= CACHED_CHARS) scriptsCache.clear();
    scriptsCache.set(char, found);
  }
  return found;
}

/** Digits, `_` and `.` go with any script. */
const SHARED = /^[0-9_.]$/;
const SHAPE = /^[\p{L}\p{N}_.]+$/u;

/** True when every letter of the name belongs to one script (Latin includes ə ğ ı ö ü ç ş). */
export function isSingleScript(name: string): boolean {
  let common: Set<string> | undefined;
  for (const char of name) {
    if (SHARED.test(char)) continue;
    const scripts = scriptsOf(char);
    common = common ? new Set([...common].filter((s) => scripts.has(s))) : scripts;
    if (common.size === 0) return false;
  }
  return true;
}

/** The rule a username breaks, in Azerbaijani, or undefined. Run on the NFKC form. */
export function usernameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX || !SHAPE.test(name)) return msg.fields.username;
  if (INVISIBLE.test(name)) return msg.fields.usernameInvisible;
  if (!isSingleScript(name)) return msg.fields.usernameScript;
  return undefined;
}

/** Refuses a name (NFKC form) that breaks the rules, as a 400 on the `username` field. */
export function assertUsernameAllowed(name: string): void {
  const problem = usernameProblem(name);
  if (problem) throw new ValidationError(problem, { username: problem });
}
