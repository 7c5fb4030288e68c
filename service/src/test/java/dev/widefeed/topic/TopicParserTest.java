package dev.widefeed.topic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TopicParserTest {

    @Test
    void topicsAreFoundFoldedInAnyScript() {
        assertThat(TopicParser.parse("I like #Java and #微博!"))
                .containsExactly(new TopicParser.Found("java", 7, 12), new TopicParser.Found("微博", 17, 20));
        assertThat(TopicParser.topics("#Ünïcode_2 #ÜNÏCODE_2 #हिन्दी")).containsExactly("ünïcode_2", "हिन्दी");
        assertThat(TopicParser.topics("#ｆｕｌｌｗｉｄｔｈ")).containsExactly("fullwidth"); // NFKC
    }

    @Test
    void numbersAndGluedHashesAreNotTopics() {
        assertThat(TopicParser.topics("#1 #2024 a#b # alone")).isEmpty();
        assertThat(TopicParser.topics("#v2")).containsExactly("v2");
        assertThat(TopicParser.topics("#" + "x".repeat(51))).isEmpty();
        assertThat(TopicParser.topics("#" + "x".repeat(50))).containsExactly("x".repeat(50));
    }

    @Test
    void atMostTenDistinctTopics() {
        String text =
                String.join(" ", IntStream.range(0, 12).mapToObj(i -> "#t" + i).toList());
        assertThat(TopicParser.topics(text)).hasSize(TopicParser.MAX_PER_POST).doesNotContain("t10", "t11");
    }

    @Test
    void aTopicInAPathFoldsAsInAPost() {
        assertThat(TopicParser.fold("Java")).contains("java");
        assertThat(TopicParser.fold("no spaces")).isEmpty();
        assertThat(TopicParser.fold("123")).isEmpty();
        assertThat(TopicParser.fold("")).isEmpty();
    }
}
