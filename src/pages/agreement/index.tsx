/** /user/agreement/{key}: the eleven agreement pages. */
import type { ComponentType } from 'react';
import { AGREEMENT_KEYS } from '../../../workers/protocol/routes';
import type { PageProps } from '../../app/App';
import { AgreementPage } from './AgreementPage';

const pages: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  AGREEMENT_KEYS.map((key) => [`user/agreement/${key}`, () => <AgreementPage agreement={key} />]),
);
export default pages;
