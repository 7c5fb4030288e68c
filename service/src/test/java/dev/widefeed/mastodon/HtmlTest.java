package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.graph.Handle;
import dev.widefeed.mention.Mention;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlTest {
    private final Presenter urls = new Presenter(URI.create("http://example.test:8080/"));

    @Test
    void textIsEscapedAndItsParagraphsAndLinesKept() {
        assertThat(Html.paragraphs("a <b> & \"c\"\nd\n\ne"))
                .isEqualTo("<p>a &lt;b&gt; &amp; &quot;c&quot;<br />d</p><p>e</p>");
        assertThat(Html.paragraphs("  ")).isEmpty();
    }

    @Test
    void mentionsAndTopicsBecomeLinksAtTheirPlaces() {
        Handle ada = Handle.tryParse("ada").orElseThrow();
        String text = "😀 hi @ada, #Java <3";
        List<Mention> mentions = List.of(new Mention(7, ada, 5, 9));
        String html = Html.post(text, mentions, urls);
        assertThat(html)
                .isEqualTo("<p>😀 hi <span class=\"h-card\"><a href=\"http://example.test:8080/@ada\" "
                        + "class=\"u-url mention\">@<span>ada</span></a></span>, "
                        + "<a href=\"http://example.test:8080/tags/java\" class=\"mention hashtag\" rel=\"tag\">"
                        + "#<span>Java</span></a> &lt;3</p>");
    }

    @Test
    void aNulInTheTextIsNeverTakenForAPlaceMarker() {
        String html = Html.post("a\u00001\u0000 #b", List.of(), urls);
        assertThat(html).doesNotContain("\u0000").contains("#<span>b</span>");
    }
}
