import type { Generated } from 'kysely';
import type { NoticeKind } from '../../../workers/protocol/api/user-centre';

/**
 * User centre (issue 7): portrait audits, real-name, uploads, feedback, history, system messages,
 * my posts and my tips.
 */
export interface UserCentreTables {
  user_uploads: {
    /** Random file stem (hex), also the public id. */
    id: string;
    user_id: number;
    purpose: 'portrait' | 'feedback' | 'post' | 'im';
    mime: string;
    file_name: string;
    bytes: number;
    width: number;
    height: number;
    created_at: number;
  };
  user_portrait_audits: {
    id: Generated<number>;
    user_id: number;
    upload_id: string;
    /** 1 pending, 3 approved, 2 rejected (see PortraitAudit). */
    status: number;
    reason: string | null;
    created_at: number;
    decided_at: number | null;
  };
  user_real_names: {
    user_id: number;
    name_masked: string;
    id_masked: string;
    created_at: number;
  };
  user_feedback: {
    id: Generated<number>;
    user_id: number;
    kind: string;
    content: string;
    contact: string;
    images: string;
    status: Generated<number>;
    reply: string | null;
    created_at: number;
  };
  user_history: {
    user_id: number;
    kind: string;
    target_id: string;
    title: string;
    link: string;
    visited_at: number;
  };
  user_messages: {
    id: Generated<number>;
    user_id: number;
    title: string;
    content: string;
    /** 系统通知 or 社区通知 (follows, comments, likes on my posts). */
    kind: Generated<NoticeKind>;
    read_at: number | null;
    created_at: number;
  };
  user_posts: {
    id: Generated<number>;
    user_id: number;
    title: string;
    content: string;
    created_at: number;
    deleted_at: number | null;
    /** Community columns (issue 12, migration news-001). */
    circle_id: Generated<number | null>;
    images: Generated<string>;
    likes: Generated<number>;
    comments: Generated<number>;
    status: Generated<number>;
  };
  user_tips: {
    id: Generated<number>;
    user_id: number;
    match_id: number;
    pick: 'home' | 'draw' | 'away';
    reason: string;
    created_at: number;
  };
}
