import {jsonLdText} from '../../src/lib/json-ld';

describe('structured data in a script', () => {
  const hostile = {
    name: 'Tips </script><script>alert(1)</script> & <!-- more -->',
    line: 'a\u2028b',
  };

  it('cannot close or comment out the script it is written into', () => {
    const text = jsonLdText(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(jsonLdText(hostile))).toEqual(hostile);
  });
});
