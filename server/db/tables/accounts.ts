import type { Generated } from 'kysely';

/** Accounts area (issue 3/7). Extend as the area grows. */
export interface AccountTables {
  users: {
    id: Generated<number>;
    phone: string;
    nick_name: string;
    password_hash: string;
    portrait: string;
    portrait_new: string | null;
    portrait_audit: Generated<number>;
    balance: Generated<number>;
    created_at: Generated<Date>;
  };
  /** Login sessions: only the SHA-256 of the access token is stored. */
  sessions: {
    id: Generated<number>;
    token_hash: string;
    user_id: number;
    created_at: Generated<Date>;
    expires_at: Date;
  };
  /** SMS codes (hashed), one row per code sent; `used_at` set once it served. */
  sms_codes: {
    id: Generated<number>;
    phone: string;
    scene: string;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    client_addr: Generated<string>;
  };
  /** Login attempts per `phone:<phone>` and `addr:<address>` (./server/accounts/login-limits.ts). */
  login_attempts: {
    key: string;
    attempts: number;
    last_at: Date;
    next_allowed_at: Date;
  };
  /** 滑动验证 puzzles and the vertokens they earn (./server/accounts/slide.ts). */
  slide_challenges: {
    id: string;
    gap_x: number;
    created_at: Date;
    expires_at: Date;
    answered_at: Date | null;
    vertoken: string | null;
    vertoken_expires_at: Date | null;
    vertoken_used_at: Date | null;
  };
  /** One-time password ivs (spec §7 password-iv call). */
  password_ivs: {
    iv: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
}
