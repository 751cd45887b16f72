/**
 * Reserved nicknames (words only the staff may wear) and the normal form they are checked in, so
 * that a variant of 系统 or admin cannot pass for the platform (issue 33: 系統, 管理員, 系統通知
 * and others were accepted). Pure: the accounts routes call it before the anchor-name check.
 *
 * The normal form: NFKD (full-width → half-width, compatibility ideographs → unified ones, accents
 * split off their letters),
 * lower case, every character that is not a letter or a digit dropped (spaces, underscores, dots,
 * zero-width and other format characters, combining marks, emoji), the Traditional and variant
 * forms of the reserved words' characters mapped to Simplified, and Latin look-alikes (Cyrillic,
 * Greek, digits) mapped to the letter they imitate. Both the reserved words and the nickname go
 * through it, so a mapping that merges two letters (l and i) merges them on both sides.
 */

/** Traditional and variant forms of the characters the reserved words are made of. */
const TO_SIMPLIFIED: Record<string, string> = {
  統: '统',
  綂: '统',
  員: '员',
  貟: '员',
  繫: '系',
  係: '系',
  糸: '系',
  筦: '管',
};

/** Letters and digits that read as a Latin letter. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  н: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'i',
  м: 'm',
  о: 'o',
  р: 'p',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin oddities
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
  ł: 'i',
  ø: 'o',
  // Digits and the letters they stand in for; l and i read alike, so both are i
  '0': 'o',
  '1': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
};

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

/** The form a nickname is checked for reserved words in (see the module comment). */
export function nicknameCheckForm(nickName: string): string {
  const plain = nickName
    .normalize('NFKD')
    .toLowerCase()
    // '@' is a symbol, not a letter: mapped before the rest is dropped.
    .replace(/@/g, 'a')
    .replace(NOT_LETTER_OR_DIGIT, '');
  let out = '';
  for (const ch of plain) out += TO_SIMPLIFIED[ch] ?? LOOK_ALIKES[ch] ?? ch;
  // 'rn' reads as 'm' (adrnin), 'vv' as 'w'.
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** Words only the staff may wear, in plain form (compared in nicknameCheckForm). */
export const RESERVED_NICK_WORDS = ['系统', '官方', '客服', '管理员', 'admin', 'official'] as const;
const RESERVED_FORMS = [...new Set(RESERVED_NICK_WORDS.map(nicknameCheckForm))];

/** True when the nickname, in its check form, contains a reserved word anywhere. */
export function hasReservedWord(nickName: string): boolean {
  const form = nicknameCheckForm(nickName);
  return RESERVED_FORMS.some((w) => form.includes(w));
}
