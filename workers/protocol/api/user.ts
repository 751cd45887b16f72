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
  passwordIv: '/user/passwordIv', // GET → iv (one-time)
} as const;

/** Spec §3 user info. */
export interface UserInfo {
  id: number;
  nickName: string;
  portrait: string;
  /** 0 none pending, 1 pending audit, 2 rejected. */
  portraitAudit: number;
  portraitNew: string | null;
  phone: string;
  balance: number;
}

export interface AuthResult {
  token: string;
  expiresAt: number;
  user: UserInfo;
}
