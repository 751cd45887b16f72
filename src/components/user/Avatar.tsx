/**
 * A round avatar. The image source is used only once it has loaded (spec §5); until then, or
 * when it fails, the first character of the nickname on a coloured disc.
 */
import { useEffect, useState } from 'react';

export function Avatar({
  src,
  name,
  size = 56,
  label,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  label?: string;
}) {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const img = new Image();
    img.onload = () => live && setLoaded(src);
    img.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  const shown = src && loaded === src ? src : null;
  const initial = Array.from(name.trim())[0] ?? '球';
  return (
    <span
      className="us-avatar"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      role="img"
      aria-label={label ?? name}
    >
      {shown ? <img src={shown} alt="" width={size} height={size} /> : <span aria-hidden="true">{initial}</span>}
    </span>
  );
}
