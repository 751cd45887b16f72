import type { Generated } from 'kysely';

/** News and community (issue 12). Status 0 shown, 1 hidden pending review, 2 removed. */
export interface NewsTables {
  news_articles: {
    id: Generated<number>;
    type: number;
    title: string;
    summary: Generated<string>;
    tag: Generated<string>;
    /** Comma-separated. */
    tags: Generated<string>;
    author: string;
    body_md: string;
    body_html: string;
    published_at: number;
    views: Generated<number>;
    likes: Generated<number>;
    comments: Generated<number>;
    pinned: Generated<boolean>;
    banner: Generated<boolean>;
    status: Generated<number>;
    match_id: number | null;
    sport: string | null;
    /** preview | live | final for automatic match reports; null for editorial articles. */
    auto_kind: string | null;
    /** Stable key of seeded and automatic articles (upserts); null for operator articles. */
    slug: string | null;
    updated_at: number;
  };
  news_comments: {
    id: Generated<number>;
    target_kind: 'article' | 'post';
    target_id: number;
    user_id: number;
    parent_id: number | null;
    reply_to: string | null;
    text: string;
    likes: Generated<number>;
    status: Generated<number>;
    created_at: number;
    deleted_at: number | null;
  };
  news_likes: {
    target_kind: string;
    target_id: number;
    user_id: number;
    created_at: number;
  };
  news_reports: {
    target_kind: string;
    target_id: number;
    user_id: number;
    reason: string;
    created_at: number;
    reviewed: Generated<boolean>;
  };
  community_circles: {
    id: number;
    name: string;
    kind: 'league' | 'team';
    intro: string;
    color: string;
    sort: number;
    members: Generated<number>;
  };
  community_members: { circle_id: number; user_id: number; created_at: number };
  community_follows: { user_id: number; followee_id: number; created_at: number };
  community_shields: { user_id: number; shielded_id: number; created_at: number };
}
