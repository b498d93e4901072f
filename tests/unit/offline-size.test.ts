import {savedBytes} from '../../plugins/offline/size';

const body = 'x'.repeat(3000);

describe('the size "Save all guides" counts for an answer', () => {
  test('is the bytes on the wire where the browser reports them', async () => {
    const response = new Response(body, {headers: {'Content-Length': '1200'}});
    expect(await savedBytes(response)(1500)).toBe(1500);
  });

  test('is the Content-Length where it reports none (WebKit)', async () => {
    const response = new Response(body, {headers: {'Content-Length': '1200'}});
    const size = savedBytes(response);
    await response.arrayBuffer(); // the cache takes the body
    expect(await size(undefined)).toBe(1200);
    expect(await savedBytes(new Response(body, {headers: {'Content-Length': '1200'}}))(0)).toBe(
      1200,
    );
  });

  test('is the body’s size with neither, read after the cache has taken the body', async () => {
    const response = new Response(body);
    const size = savedBytes(response);
    await response.arrayBuffer();
    expect(await size(undefined)).toBe(3000);
  });
});
