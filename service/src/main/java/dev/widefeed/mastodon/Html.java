package dev.widefeed.mastodon;

import dev.widefeed.mention.Mention;
import dev.widefeed.topic.TopicParser;
import java.util.List;
import java.util.TreeMap;

/**
 * A post's plain text as the HTML Mastodon clients render: escaped, paragraphs and line breaks as Mastodon writes
 * them, mentions and topics as its links. Nothing of the text is ever markup.
 */
final class Html {
    private Html() {}

    /** Text escaped, its blank-line-separated paragraphs as {@code <p>}, single newlines as {@code <br />}. */
    static String paragraphs(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        StringBuilder html = new StringBuilder();
        for (String paragraph : text.strip().split("\\n\\s*\\n")) {
            html.append("<p>").append(escape(paragraph).replace("\n", "<br />")).append("</p>");
        }
        return html.toString();
    }

    /** A post's text with its resolved mentions and its topics as links, in paragraphs. */
    static String post(String text, List<Mention> mentions, Presenter urls) {
        // Replacements by code point position; they never overlap (a mention and a topic start with different marks).
        TreeMap<Integer, int[]> spans = new TreeMap<>();
        TreeMap<Integer, String> links = new TreeMap<>();
        for (Mention m : mentions) {
            spans.put(m.start(), new int[] {m.start(), m.end()});
            links.put(
                    m.start(),
                    "<span class=\"h-card\"><a href=\""
                            + escape(urls.profileUrl(m.handle().value())) + "\" class=\"u-url mention\">@<span>"
                            + escape(m.handle().value()) + "</span></a></span>");
        }
        for (TopicParser.Found t : TopicParser.parse(text)) {
            if (!spans.containsKey(t.start())) {
                int[] cps = text.codePoints()
                        .skip(t.start() + 1L)
                        .limit(t.end() - t.start() - 1L)
                        .toArray();
                String written = new String(cps, 0, cps.length);
                spans.put(t.start(), new int[] {t.start(), t.end()});
                links.put(
                        t.start(),
                        "<a href=\"" + escape(urls.tagUrl(t.topic()))
                                + "\" class=\"mention hashtag\" rel=\"tag\">#<span>" + escape(written) + "</span></a>");
            }
        }
        if (spans.isEmpty()) {
            return paragraphs(text);
        }
        // Mark each link's place with a character no post holds after escaping, then split paragraphs as usual.
        StringBuilder marked = new StringBuilder();
        int[] cps = text.codePoints().toArray();
        int i = 0;
        for (var span : spans.entrySet()) {
            int start = span.getValue()[0];
            int end = span.getValue()[1];
            if (start < i || end > cps.length) {
                continue;
            }
            marked.append(escape(new String(cps, i, start - i)));
            marked.append('\u0000').append(span.getKey()).append('\u0000');
            i = end;
        }
        marked.append(escape(new String(cps, i, cps.length - i)));
        StringBuilder html = new StringBuilder();
        for (String paragraph : marked.toString().strip().split("\\n\\s*\\n")) {
            html.append("<p>").append(paragraph.replace("\n", "<br />")).append("</p>");
        }
        String result = html.toString();
        for (var link : links.entrySet()) {
            result = result.replace("\u0000" + link.getKey() + "\u0000", link.getValue());
        }
        return result;
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            switch (cp) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case 0 -> out.append('\uFFFD'); // never markup, nor a place marker
                default -> out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }
}
