package dev.widefeed.mention;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.graph.Handle;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MentionParserTest {

    private static MentionParser.Found at(String handle, int start, int end) {
        return new MentionParser.Found(new Handle(handle), start, end);
    }

    @Test
    void mentionsAreFoundWithTheirPlaceAndFolded() {
        assertThat(MentionParser.parse("hi @Ada and @bob_1!")).containsExactly(at("ada", 3, 7), at("bob_1", 12, 18));
        assertThat(MentionParser.parse("@ada")).containsExactly(at("ada", 0, 4));
        assertThat(MentionParser.parse("(@ada),@bob")).containsExactly(at("ada", 1, 5), at("bob", 7, 11));
    }

    @Test
    void positionsCountCodePointsNotUtf16Units() {
        assertThat(MentionParser.parse("😀 @ada")).containsExactly(at("ada", 2, 6));
    }

    @Test
    void whatOnlyLooksLikeAMentionIsPlainText() {
        assertThat(MentionParser.parse("mail ada@example.com")).isEmpty();
        assertThat(MentionParser.parse("@ab is short, @" + "x".repeat(21) + " is long, @ alone"))
                .isEmpty();
        assertThat(MentionParser.parse("@@ada")).containsExactly(at("ada", 1, 5)); // the second @ starts it
        assertThat(MentionParser.parse("@émile")).isEmpty();
    }

    @Test
    void atMostTenDistinctHandlesAndRepeatsOfThemStay() {
        String text = String.join(
                        " ", IntStream.range(0, 12).mapToObj(i -> "@user" + i).toList()) + " @user0";
        List<MentionParser.Found> found = MentionParser.parse(text);
        assertThat(found.stream().map(f -> f.handle().value()).distinct()).hasSize(MentionParser.MAX_PER_TEXT);
        assertThat(found).hasSize(11).last().extracting(f -> f.handle().value()).isEqualTo("user0");
        assertThat(found.stream().map(f -> f.handle().value())).doesNotContain("user10", "user11");
    }
}
