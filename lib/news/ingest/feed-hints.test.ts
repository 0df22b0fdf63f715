import { documentHints, linkHeaderHints } from "./feed-hints";

const FEED = "https://news.example.com/feed.xml";

describe("documentHints", () => {
  it("reads ttl, the syndication module and atom:link hub and self from an RSS channel", () => {
    const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"
      xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>T</title>
      <atom:link rel="self" type="application/rss+xml" href="https://news.example.com/feed/"/>
      <atom:link rel='hub' href='https://pubsubhubbub.appspot.com/?a=1&amp;b=2'/>
      <ttl>30</ttl><sy:updatePeriod> hourly </sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>
      <item><title>x</title><atom:link rel="hub" href="https://item.example/hub"/><ttl>1</ttl></item>
      </channel></rss>`;
    expect(documentHints(rss, FEED)).toEqual({
      ttlSeconds: 1_800,
      updatePeriodSeconds: 1_800,
      hub: "https://pubsubhubbub.appspot.com/?a=1&b=2",
      self: "https://news.example.com/feed/",
    });
  });

  it("reads an Atom feed's links, relative ones resolved, and ignores non-http hubs", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <link href="/atom.xml" rel="self"/><link rel="alternate" href="/"/>
      <link rel="hub" href="javascript:alert(1)"/><entry><title>x</title></entry></feed>`;
    expect(documentHints(atom, FEED)).toEqual({
      ttlSeconds: null,
      updatePeriodSeconds: null,
      hub: null,
      self: "https://news.example.com/atom.xml",
    });
  });

  it("gives nothing for a feed without hints", () => {
    expect(documentHints("<rss><channel><ttl>0</ttl></channel></rss>", FEED)).toEqual({
      ttlSeconds: null,
      updatePeriodSeconds: null,
      hub: null,
      self: null,
    });
  });
});

describe("linkHeaderHints", () => {
  it("reads hub and self from an HTTP Link header, quoted or not", () => {
    expect(
      linkHeaderHints(
        '<https://hub.example/>; rel="hub", </feed.xml>; rel=self, <https://x.example/>; rel="alternate"',
        FEED,
      ),
    ).toEqual({ hub: "https://hub.example/", self: "https://news.example.com/feed.xml" });
    expect(linkHeaderHints(null, FEED)).toEqual({ hub: null, self: null });
  });
});
