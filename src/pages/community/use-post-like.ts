/** Like / unlike a post card in a feed, updating the card from the server's answer. */
import { useCallback } from 'react';
import type { PostView } from '../../../workers/protocol/api/news';
import { newsApi } from '../../core/news';

export function usePostLike(
  loggedIn: boolean,
  update: (f: (items: PostView[]) => PostView[]) => void,
  onLoginNeeded: () => void,
): (post: PostView) => void {
  return useCallback(
    (post: PostView) => {
      if (!loggedIn) {
        onLoginNeeded();
        return;
      }
      void newsApi.likePost(post.id, !post.liked).then((env) => {
        if (env.code === 200)
          update((items) =>
            items.map((p) => (p.id === post.id ? { ...p, liked: env.data.liked, likes: env.data.likes } : p)),
          );
      });
    },
    [loggedIn, update, onLoginNeeded],
  );
}
