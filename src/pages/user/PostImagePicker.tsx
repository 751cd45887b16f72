/**
 * The pictures of a post being written (up to POST_MAX_IMAGES): pick one or several, each is
 * uploaded at once (the server sniffs, limits and re-encodes it) and shown as a thumbnail that can
 * be removed. The parent keeps the uploaded images; their ids go with the post.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { POST_MAX_IMAGES, type UploadedImage } from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';

const P = T.community;

export function PostImagePicker({
  images,
  onChange,
  onError,
  onBusy,
  disabled,
}: {
  images: UploadedImage[];
  onChange: (next: UploadedImage[]) => void;
  onError: (msg: string | null) => void;
  onBusy: (busy: boolean) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const room = POST_MAX_IMAGES - images.length;
    if (!files.length || room <= 0) return;
    if (files.length > room) onError(P.tooMany(POST_MAX_IMAGES));
    else onError(null);
    let next = images;
    onBusy(true);
    try {
      for (const f of files.slice(0, room)) {
        setUploading((n) => n + 1);
        try {
          const env = await centreApi.uploadPostImage(f);
          if (env.code !== 200) {
            onError(env.msg);
            continue;
          }
          next = [...next, env.data];
          onChange(next);
        } finally {
          setUploading((n) => n - 1);
        }
      }
    } finally {
      onBusy(false);
    }
  };

  return (
    <div className="us-field">
      <span className="us-field__label" id="us-post-images">
        {P.images(images.length, POST_MAX_IMAGES)}
      </span>
      <div className="us-shots" role="group" aria-labelledby="us-post-images" data-post-images={images.length}>
        {images.map((img, i) => (
          <span key={img.id} className="us-shot">
            <img src={img.url} alt={P.imageAlt(i + 1)} />
            <button
              type="button"
              className="us-shot__rm"
              aria-label={P.removeImage(i + 1)}
              onClick={() => onChange(images.filter((x) => x.id !== img.id))}
            >
              ×
            </button>
          </span>
        ))}
        {uploading > 0 && (
          <span className="us-shot us-shot--add" role="status">
            {P.uploading}
          </span>
        )}
        {images.length + uploading < POST_MAX_IMAGES && (
          <button
            type="button"
            className="us-shot us-shot--add"
            onClick={() => input.current?.click()}
            disabled={disabled}
            aria-label={P.addImage}
          >
            +
          </button>
        )}
        <input
          ref={input}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          aria-label={P.addImage}
          onChange={pick}
        />
      </div>
    </div>
  );
}
