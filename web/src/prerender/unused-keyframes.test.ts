import { describe, expect, it } from 'vitest';
import { withoutUnusedKeyframes } from './unused-keyframes';

const spin = {
  key: 'css-global',
  ids: ['animation-61bdi0'],
  css: '@keyframes animation-61bdi0{to{transform:rotate(360deg);}}',
};
const dash = {
  key: 'css-global',
  ids: ['animation-1o38n3e'],
  css: '@keyframes animation-1o38n3e{50%{stroke-dashoffset:-15px;}}',
};
const body = { key: 'css-global', ids: ['1a2b3c'], css: 'body{margin:0;}' };

describe('withoutUnusedKeyframes', () => {
  it('drops keyframes no rule names, and keeps those a rule animates with', () => {
    const rules = { key: 'css', ids: ['x1'], css: '.css-x1{animation:animation-61bdi0 1.4s linear infinite;}' };
    expect(withoutUnusedKeyframes([spin, dash, rules], 'css')).toEqual([spin, rules]);
  });

  it('keeps other global styles and the page’s rules, even when nothing names them', () => {
    const rules = { key: 'css', ids: [], css: '' };
    expect(withoutUnusedKeyframes([body, spin, rules], 'css')).toEqual([body, rules]);
  });
});
