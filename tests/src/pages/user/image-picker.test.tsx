/** One picker for post pictures and feedback screenshots: uploads up to its max, says when it dropped some. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker } from '../../../../src/pages/user/ImagePicker';
import { USER_TEXT } from '../../../../src/pages/user/strings';
import type { UploadedImage } from '../../../../workers/protocol/api/user-centre';

afterEach(cleanup);

function setup(max: number) {
  const upload = vi.fn(async () => ({
    code: 200,
    msg: '',
    data: {
      id: `i${upload.mock.calls.length}`,
      url: `blob:${upload.mock.calls.length}`,
      width: 10,
      height: 10,
    } satisfies UploadedImage,
  }));
  const onChange = vi.fn();
  const onError = vi.fn();
  render(
    <ImagePicker
      id="us-fb-images"
      max={max}
      upload={upload}
      texts={USER_TEXT.opinion}
      images={[]}
      onChange={onChange}
      onError={onError}
      onBusy={() => undefined}
      disabled={false}
    />,
  );
  return { upload, onChange, onError };
}

describe('ImagePicker', () => {
  it('uploads only as many as fit and says the rest were dropped', async () => {
    const { upload, onChange, onError } = setup(1);
    const group = screen.getByRole('group', { name: '截图（0/1）' });
    expect(group.getAttribute('data-fb-images')).toBe('0');
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    fireEvent.change(screen.getByLabelText('添加截图', { selector: 'input' }), { target: { files } });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('最多 1 张截图，多选的没有添加');
  });
});
