/** Account REST paths (main API, /user). POST bodies form-encoded. */
export const UserPaths = {
  smsSend: '/user/sms/send', // POST phone, scene=register|login|password
  register: '/user/register', // POST phone, code, password, iv
  login: '/user/login', // POST phone + (password + iv | code)
  retrievePassword: '/user/password/retrieve', // POST phone, code, password, iv
  updatePassword: '/user/password/update', // POST oldPassword, password, iv
  logout: '/user/logout', // GET
  info: '/user/info', // GET → UserInfo
  nicknameCheck: '/user/nickname/check', // GET ?nickName=
  nicknameUpdate: '/user/nickname/update', // POST nickName
  passwordIv: '/user/passwordIv', // GET → PasswordIv { iv (one-time), publicKey }
} as const;

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
