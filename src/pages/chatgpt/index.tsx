/** The ChatGPT tab (spec §2, port ≠ 8008), one lazy chunk. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import './chatgpt.css';
import { ChatGptPage } from './ChatGptPage';

const pages: Record<string, ComponentType<PageProps>> = { ChatGPT: ChatGptPage };

export default pages;
