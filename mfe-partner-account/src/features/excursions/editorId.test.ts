import { parseEditorId } from './editorId';

describe('parseEditorId', () => {
  it('tells the legacy editor by its old suffix', () => {
    expect(parseEditorId('12')).toEqual({ id: '12', legacy: false });
    expect(parseEditorId('12old')).toEqual({ id: '12', legacy: true });
  });
});
