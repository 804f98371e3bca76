// Messages of the console's exports endpoints (issue 32).
export const exportsMessages = {
  export_expired: {
    'zh-CN': '下载链接已过期，请重新导出',
    en: 'This download link has expired: export again',
  },
  export_link_invalid: { 'zh-CN': '下载链接无效', en: 'This download link is not valid' },
  export_not_ready: {
    'zh-CN': '导出尚未完成，请稍后再下载',
    en: 'The export is not finished yet: download it when it is ready',
  },
  export_failed: { 'zh-CN': '导出失败，请重新导出', en: 'The export failed: export again' },
};
