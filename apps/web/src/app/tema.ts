import type { ThemeConfig } from 'antd';

// The theme: antd's palette with the colours that miss WCAG AA contrast (4.5:1 for normal text, axe's
// color-contrast rule) replaced. The default primary (#1677ff) gives 4.0:1 under white text (the selected
// menu item, primary buttons) and on white (links); blue-7 gives 6.3:1. Secondary/description text at
// 45 % black (2.8:1) goes to 62 % (5.0:1 on white); placeholders at 25 % go to 57 % (4.6:1). Status tags
// write their text in the status colour on its light background: the default green, gold and red give
// 2–4:1: the status colours go darker (their light backgrounds kept as antd's); the green preset tag
// (`<Tag color="green">`, text in shade 7 on shade 1) is darkened in global.css.
export const TEMA: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  },
};
