/** The shell's own pages: /404, and /user/about and /message/version delivered ahead of their areas. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import { ShellErrorPage } from '../../app/ShellErrorPage';
import { AboutPage } from './AboutPage';
import { VersionPage } from './VersionPage';

const pages: Record<string, ComponentType<PageProps>> = {
  '404': () => <ShellErrorPage statusCode={404} />,
  'user/about': AboutPage,
  'message/version': VersionPage,
};
export default pages;
