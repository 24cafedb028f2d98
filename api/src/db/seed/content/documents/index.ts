// The nine legal/help documents served at /docs/{slug}.
import type { DocumentContent } from '../types';
import { AGREEMENT_GUIDE_USER } from './agreement-guide-user';
import { ARTICLES } from './articles';
import { HELP } from './help';
import { LEGAL_INFO } from './legal-info';
import { OFERTA } from './oferta';
import { PLATEJI } from './plateji';
import { PRIVACY } from './privacy';
import { TERMS } from './terms';
import { VOZVRAT } from './vozvrat';

export const DOCUMENTS: DocumentContent[] = [
  HELP, TERMS, OFERTA, PLATEJI, PRIVACY, VOZVRAT, ARTICLES, LEGAL_INFO, AGREEMENT_GUIDE_USER,
];
