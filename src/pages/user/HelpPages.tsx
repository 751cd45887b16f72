/** Help centre (FAQ list and one answer) and feedback with screenshots. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatChinaTime } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormField, FormMessage, TextAreaField } from '../../components/user/FormField';
import { ImagePicker } from './ImagePicker';
import { ListState, LoadedListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { LinkRow } from '../../components/user/Card';
import {
  FEEDBACK_KINDS,
  FEEDBACK_MAX_IMAGES,
  type FeedbackKind,
  type UploadedImage,
} from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack, useLoad } from './use-load';
import { LoadedList } from './UserList';

const LIST_TEXTS = { loading: T.lists.loading, empty: T.lists.empty, failed: T.lists.failed };

export function QuestionPage() {
  const [, navigate] = useLocation();
  const faq = useLoad(() => centreApi.faq(), []);
  const groups = new Map<string, Array<{ id: number; question: string }>>();
  for (const f of faq.data ?? []) groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  return (
    <div className="us-page">
      <PageHeader title={T.question.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <LoadedListState list={faq} texts={LIST_TEXTS} />
      {[...groups].map(([category, items]) => (
        <section key={category} aria-label={category}>
          <h2 className="us-section-title">{category}</h2>
          <ul className="us-rows us-card">
            {items.map((q) => (
              <LinkRow key={q.id} href={`${paths.userSub('doubt')}?id=${q.id}`} label={q.question} />
            ))}
          </ul>
        </section>
      ))}
      <p className="us-center">
        <Link href={paths.userSub('opinion')} className="us-link">
          {T.question.feedback}
        </Link>
      </p>
    </div>
  );
}

export function DoubtPage() {
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const item = useLoad(Number.isInteger(id) && id > 0 ? () => centreApi.faqItem(id) : null, [id]);
  return (
    <div className="us-page">
      <PageHeader title={T.doubt.title} backLabel={T.back} onBack={() => goBack(navigate, paths.userSub('question'))} />
      <ListState
        loading={item.loading}
        error={item.error ?? (item.loading || item.data ? null : '该问题不存在')}
        empty={false}
        texts={LIST_TEXTS}
      />
      {item.data && (
        <article className="us-card us-faq">
          <h2 className="us-faq__q">{item.data.question}</h2>
          <p className="us-faq__a">{item.data.answer}</p>
        </article>
      )}
      <p className="us-center">
        <Link href={paths.userSub('opinion')} className="us-link">
          {T.doubt.helpful}
        </Link>
      </p>
    </div>
  );
}

export function OpinionPage() {
  const [, navigate] = useLocation();
  const mine = useLoad(() => centreApi.feedbackList(), []);
  const [kind, setKind] = useState<FeedbackKind>('bug');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (content.trim().length < 5) return setError(T.errors.feedback);
    setError(null);
    setBusy(true);
    try {
      const env = await centreApi.addFeedback(
        kind,
        content.trim(),
        contact.trim(),
        images.map((i) => i.id),
      );
      if (env.code !== 200) return setMsg(env.msg);
      showToast(T.opinion.success);
      setContent('');
      setContact('');
      setImages([]);
      setMsg(null);
      mine.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page">
      <PageHeader title={T.opinion.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.opinion.title}>
        <fieldset className="us-kinds">
          <legend className="us-field__label">{T.opinion.kind}</legend>
          {FEEDBACK_KINDS.map((k) => (
            <label key={k} className={`us-chip${kind === k ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="visually-hidden"
              />
              {T.opinion.kinds[k]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          id="us-fb-content"
          label={T.opinion.content}
          placeholder={T.opinion.contentPh}
          value={content}
          maxLength={500}
          rows={5}
          onChange={setContent}
          error={error}
        />
        <ImagePicker
          id="us-fb-images"
          max={FEEDBACK_MAX_IMAGES}
          upload={centreApi.uploadFeedbackImage}
          texts={T.opinion}
          images={images}
          onChange={setImages}
          onError={setMsg}
          onBusy={setBusy}
          disabled={busy}
        />
        <FormField
          id="us-fb-contact"
          label={T.opinion.contact}
          placeholder={T.opinion.contactPh}
          value={contact}
          maxLength={50}
          onChange={setContact}
        />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.opinion.submit}
        </button>
      </form>
      <h2 className="us-section-title">{T.opinion.mine}</h2>
      <LoadedList list={mine} empty={T.lists.empty}>
        {mine.data?.map((f) => (
          <li key={f.id} className="us-list__item">
            <div className="us-list__main">
              <span className="us-list__text">
                <span className="us-list__title">
                  <span className="us-tag">{T.opinion.kinds[f.kind]}</span> {f.content}
                </span>
                <span className="us-list__sub">
                  {formatChinaTime(f.createdAt, 'MM-DD HH:mm')} ·{' '}
                  {f.status === 1 ? T.opinion.replied : T.opinion.received}
                  {f.images.length > 0 && ` · ${f.images.length} 张截图`}
                </span>
                {f.reply && <span className="us-list__sub">{f.reply}</span>}
              </span>
            </div>
          </li>
        ))}
      </LoadedList>
    </div>
  );
}
