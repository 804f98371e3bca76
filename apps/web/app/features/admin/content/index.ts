// The console's content area (issue 30): its public face; another area imports only this file.

export { articleEditActions, articleEditLoader, ArticleEdit } from './article-edit-page';
export { articlesActions, articlesLoader, Articles } from './articles-page';
export { bannersActions, bannersLoader, Banners } from './banners-page';
export { linksActions, linksLoader, Links } from './links-page';
export { modulesActions, modulesLoader, Modules } from './modules-page';
export { zonesActions, zonesLoader, Zones } from './zones-page';
