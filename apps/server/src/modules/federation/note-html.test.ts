/** Post text across servers: Plaza's text as HTML going out, other servers' HTML as text plus links coming in. */
import { describe, expect, it } from 'vitest';
import { noteHtml, textOfHtml } from './note-html';

describe('post text across servers', () => {
  it('writes text as escaped HTML with its links linked and its line breaks kept', () => {
    expect(noteHtml('a <b> & c\nsee https://example.com/x.\n\nnext')).toBe(
      '<p>a &lt;b&gt; &amp; c<br>see <a href="https://example.com/x" rel="nofollow noopener noreferrer">https://example.com/x</a>.</p><p>next</p>',
    );
  });

  it('reads HTML as text plus links: no markup, no script, mentions and hashtags as written', () => {
    const html =
      '<p>Hi <span class="h-card"><a href="https://m.example/@ana" class="u-url mention">@<span>ana</span></a></span> ' +
      '<a href="https://m.example/tags/tea" class="mention hashtag">#<span>tea</span></a></p>' +
      '<p>look <a href="https://example.com/a/long/path"><span class="invisible">https://</span><span class="ellipsis">example.com/a/lo</span><span class="invisible">ng/path</span></a>' +
      '<br>or <a href="https://example.org">this page</a><script>alert(1)</script> <img src=x onerror=alert(1)>' +
      ' <a href="javascript:alert(1)">click</a> 1 &lt; 2 &amp;&amp; &lt;b&gt;</p>';
    expect(textOfHtml(html)).toBe(
      'Hi @ana #tea\n\nlook https://example.com/a/long/path\nor this page (https://example.org) click 1 < 2 && <b>',
    );
  });
});
