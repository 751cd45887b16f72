/**
 * 演示数据: said once, plainly, on a screen that shows scores or odds, while the server's live
 * source is the built-in simulator (app info `demoData`). With a real source it renders nothing.
 */
import { useAppInfo } from '../app/use-app-info';
import { shellText } from '../app/strings';

export function DemoDataNote() {
  const { info } = useAppInfo();
  if (!info?.demoData) return null;
  return (
    <p className="qs-demo-note" role="note" data-demo-data="">
      <b>{shellText.demoData.label}</b>
      {shellText.demoData.note}
    </p>
  );
}
