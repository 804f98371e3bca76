// The console's content area (issue 30): its public face; another area imports only this file.

export { articleEditLoader, ArticleEdit } from './article-edit-page';
export { articlesLoader, Articles } from './articles-page';
export { bannersLoader, Banners } from './banners-page';
export { linksLoader, Links } from './links-page';
export { modulesLoader, Modules } from './modules-page';
export { zonesLoader, Zones } from './zones-page';
