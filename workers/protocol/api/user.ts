/** Account REST paths (main API, /user). POST bodies form-encoded. */
export const UserPaths = {
  smsSend: '/user/sms/send', // POST phone, scene=register|login|password
  register: '/user/register', // POST phone, code, password, iv
  login: '/user/login', // POST phone + (password + iv [+ vertoken] | code)
  retrievePassword: '/user/password/retrieve', // POST phone, code, password, iv
  updatePassword: '/user/password/update', // POST oldPassword, password, iv
  logout: '/user/logout', // GET
  info: '/user/info', // GET → UserInfo
  nicknameCheck: '/user/nickname/check', // GET ?nickName=
  nicknameUpdate: '/user/nickname/update', // POST nickName
  passwordIv: '/user/passwordIv', // GET → PasswordIv { iv (one-time), publicKey }
  slide: '/user/slide', // GET → SlideChallenge (滑动验证 puzzle)
  vertoken: '/user/vertoken', // POST id, x → SlideAnswer { vertoken } (one answer per puzzle)
} as const;

/**
 * 滑动验证 (spec §7 "sliding verification", "vertoken"). After a few failed password logins of a
 * phone, the login answers Code.SLIDE_REQUIRED until it carries a `vertoken`: the client fetches
 * a puzzle (a background with a gap and the piece cut from it), the user drags the piece into the
 * gap, and the server checks the offset. Each puzzle takes one answer; each vertoken one login.
 */
export interface SlideChallenge {
  id: string;
  /** Background size in CSS pixels. */
  width: number;
  height: number;
  /** The piece image is this many pixels square; it slides along y = pieceY. */
  pieceSize: number;
  pieceY: number;
  /** data:image/png URLs. */
  background: string;
  piece: string;
}

export interface SlideAnswer {
  vertoken: string;
}

/** How far (px) the dropped piece may be from the gap and still count. */
export const SLIDE_TOLERANCE_PX = 5;

/** Spec §3 user info. */
export interface UserInfo {
  id: number;
  nickName: string;
  portrait: string;
  /** 0 none pending, 1 pending audit, 2 rejected. */
  portraitAudit: number;
  portraitNew: string | null;
  /** Masked, e.g. '138****0001'. */
  phone: string;
  balance: number;
}

/** What an SMS code is for (UserPaths.smsSend `scene`). */
export type SmsScene = 'register' | 'login' | 'password';

/** UserPaths.nicknameCheck answer (code 200 either way; `msg` says which). */
export interface NicknameCheck {
  nickName: string;
  available: boolean;
}

/**
 * Password fields (`password`, `oldPassword`) are never sent in plain text: GET
 * UserPaths.passwordIv gives `data` = `PasswordIv { iv, publicKey }` (a one-time iv, 5 minutes,
 * and the server's public key); each field is sealed with `encodeTransitPassword(password, data)`
 * (../password-transit.ts) and sent with `iv`. An iv serves one request; a second use is refused
 * ('密码加密参数已使用，请刷新后重试').
 */
export interface AuthResult {
  token: string;
  expiresAt: number;
  user: UserInfo;
}
