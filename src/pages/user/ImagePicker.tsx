/**
 * The pictures of a post or a feedback being written (up to `max`): pick one or several, each is
 * uploaded at once (the server sniffs, limits and re-encodes it) and shown as a thumbnail that can
 * be removed. The parent keeps the uploaded images; their ids go with the form.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import type { Envelope } from '../../../workers/protocol/index';
import type { UploadedImage } from '../../../workers/protocol/api/user-centre';

export interface ImagePickerText {
  images: (n: number, max: number) => string;
  addImage: string;
  removeImage: (i: number) => string;
  imageAlt: (i: number) => string;
  uploading: string;
  tooMany: (max: number) => string;
}

export function ImagePicker({
  id,
  max,
  upload,
  texts: P,
  images,
  onChange,
  onError,
  onBusy,
  disabled,
}: {
  /** The group's label id; the group carries `data-<id without the us- prefix>` = the count. */
  id: string;
  max: number;
  upload: (file: Blob) => Promise<Envelope<UploadedImage>>;
  texts: ImagePickerText;
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
    const room = max - images.length;
    if (!files.length || room <= 0) return;
    if (files.length > room) onError(P.tooMany(max));
    else onError(null);
    let next = images;
    onBusy(true);
    try {
      for (const f of files.slice(0, room)) {
        setUploading((n) => n + 1);
        try {
          const env = await upload(f);
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
      <span className="us-field__label" id={id}>
        {P.images(images.length, max)}
      </span>
      <div
        className="us-shots"
        role="group"
        aria-labelledby={id}
        {...{ [`data-${id.replace(/^us-/, '')}`]: images.length }}
      >
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
        {images.length + uploading < max && (
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
