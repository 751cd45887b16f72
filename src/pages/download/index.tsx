/** /download and its four sub-pages. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import { AndroidDownload, AndroidGuide, DownloadHome, IosDownload, WapSteps } from './DownloadPages';

const pages: Record<string, ComponentType<PageProps>> = {
  download: DownloadHome,
  'download/Android': AndroidGuide,
  'download/android-down': AndroidDownload,
  'download/ios-down': IosDownload,
  'download/wapStep': WapSteps,
};
export default pages;
