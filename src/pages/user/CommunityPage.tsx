/**
 * My posts (/user/community): a compose form (title, text, up to 9 pictures) on top, my own posts
 * below, newest first. Titles and contents are rendered as text, never as HTML. What is published
 * here shows in /community/list.
 */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { formatChinaTime, usePagedLoad } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormField, FormMessage, TextAreaField } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import {
  POST_CONTENT_MAX,
  POST_MAX_IMAGES,
  POST_TITLE_MAX,
  type MyPost,
  type UploadedImage,
} from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { hasErrors, postDraftErrors, type PostDraftErrors } from './my-content';
import { USER_TEXT as T } from './strings';
import { goBack, useLoad } from './use-load';
import { newsApi } from '../../core/news';
import { PagedList } from './UserList';
import { ImagePicker } from './ImagePicker';

const C = T.community;

export function CommunityPage() {
  const [, navigate] = useLocation();
  const posts = usePagedLoad((page: number) => centreApi.posts(page), []);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<PostDraftErrors>({ title: null, content: null });
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const [circleId, setCircleId] = useState('');
  const circles = useLoad(() => newsApi.circles(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = postDraftErrors(title, content);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const env = await centreApi.addPost(
        title.trim(),
        content,
        images.map((i) => i.id),
        circleId,
      );
      if (env.code !== 200) return setMsg(env.msg);
      setMsg(null);
      setTitle('');
      setContent('');
      setImages([]);
      setCircleId('');
      showToast(C.success);
      posts.reload();
    } finally {
      setBusy(false);
    }
  };
  const remove = async (post: MyPost) => {
    const env = await centreApi.deletePost(post.id);
    setConfirming(null);
    if (env.code !== 200) return showToast(env.msg);
    showToast(C.deleted);
    posts.reload();
  };

  return (
    <div className="us-page">
      <PageHeader title={C.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <form className="us-form us-card" onSubmit={submit} noValidate aria-labelledby="us-post-compose">
        <h2 id="us-post-compose" className="us-card__title">
          {C.compose}
        </h2>
        <FormField
          label={C.titleLabel}
          value={title}
          onChange={setTitle}
          error={errors.title}
          placeholder={C.titlePh}
          maxLength={POST_TITLE_MAX}
          name="title"
        />
        <TextAreaField
          id="us-post-content"
          label={C.contentLabel}
          value={content}
          onChange={setContent}
          maxLength={POST_CONTENT_MAX}
          rows={5}
          placeholder={C.contentPh}
          error={errors.content}
          count={C.count}
        />
        <div className="us-field">
          <label className="us-field__label" htmlFor="us-post-circle">
            {C.circle}
          </label>
          <select
            id="us-post-circle"
            className="us-field__input us-select"
            value={circleId}
            onChange={(e) => setCircleId(e.target.value)}
          >
            <option value="">{C.noCircle}</option>
            {circles.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <ImagePicker
          id="us-post-images"
          max={POST_MAX_IMAGES}
          upload={centreApi.uploadPostImage}
          texts={C}
          images={images}
          onChange={setImages}
          onError={setMsg}
          onBusy={setUploading}
          disabled={busy || uploading}
        />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy || uploading}>
          {C.submit}
        </button>
      </form>
      <h2 className="us-section-title">{C.mine(posts.first?.total ?? 0)}</h2>
      <PagedList list={posts} empty={C.empty} label={C.title}>
        {posts.items.map((p) => (
          <li key={p.id} className="us-list__item us-post">
            <article className="us-post__body" aria-labelledby={`us-post-${p.id}`}>
              <h3 id={`us-post-${p.id}`} className="us-list__title us-post__title">
                {p.title}
              </h3>
              <p className="us-post__content">{p.content}</p>
              {p.images.length > 0 && (
                <ul className="us-shots us-post__images" aria-label={C.images(p.images.length, POST_MAX_IMAGES)}>
                  {p.images.map((src, i) => (
                    <li key={src} className="us-shot">
                      <img src={src} alt={C.imageAlt(i + 1)} loading="lazy" />
                    </li>
                  ))}
                </ul>
              )}
              <div className="us-post__foot">
                <time className="us-muted" dateTime={new Date(p.createdAt).toISOString()}>
                  {formatChinaTime(p.createdAt, 'MM-DD HH:mm')}
                </time>
                {confirming === p.id ? null : (
                  <button
                    type="button"
                    className="us-link us-post__delete"
                    aria-label={C.deleteLabel(p.title)}
                    onClick={() => setConfirming(p.id)}
                  >
                    {C.delete}
                  </button>
                )}
              </div>
              {confirming === p.id && (
                <div className="us-confirm us-post__confirm" role="alertdialog" aria-labelledby={`us-post-q-${p.id}`}>
                  <p id={`us-post-q-${p.id}`}>{C.confirmDelete}</p>
                  <div className="us-crop__actions">
                    <button
                      type="button"
                      className="us-btn us-btn--small us-btn--ghost"
                      onClick={() => setConfirming(null)}
                    >
                      {C.cancel}
                    </button>
                    <button
                      type="button"
                      className="us-btn us-btn--small us-btn--danger"
                      onClick={() => void remove(p)}
                    >
                      {C.confirm}
                    </button>
                  </div>
                </div>
              )}
            </article>
          </li>
        ))}
      </PagedList>
    </div>
  );
}
