package dev.widefeed.audience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class AudienceRulesTest {
    private static final List<Audience.Type> PARTLY =
            List.of(Audience.Type.PARTLY_VISIBLE, Audience.Type.PARTLY_INVISIBLE);

    private static List<Long> users(int n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    private static List<String> tags(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "tag" + i).toList();
    }

    private static void assertInvalid(Audience audience, String message) {
        assertThatThrownBy(() -> AudienceRules.check(audience))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID))
                .hasMessageContaining(message);
    }

    @Test
    void noAudienceIsPublic() {
        assertThat(AudienceRules.check(null)).isEqualTo(Audience.PUBLIC);
    }

    @Test
    void publicAndPrivateDropTheirListsUnchecked() {
        List<Long> tooMany = users(AudienceRules.MAX_USERS + 1);
        for (Audience.Type type : List.of(Audience.Type.PUBLIC, Audience.Type.PRIVATE)) {
            Audience given = new Audience(type, tooMany, List.of(" "), List.of(-1L));
            assertThat(AudienceRules.check(given))
                    .as("%s", type)
                    .isEqualTo(new Audience(type, List.of(), List.of(), List.of()));
        }
    }

    @Test
    void aPartlyAudienceListsAtMost100Users20TagsAnd20Groups() {
        assertThat(AudienceRules.MAX_USERS).isEqualTo(100);
        assertThat(AudienceRules.MAX_TAGS).isEqualTo(20);
        assertThat(AudienceRules.MAX_GROUPS).isEqualTo(20);
        for (Audience.Type type : PARTLY) {
            Audience full = new Audience(type, users(100), tags(20), users(20));
            assertThat(AudienceRules.check(full)).as("%s", type).isEqualTo(full);
            String limits = "at most 100 users, 20 tags and 20 groups";
            assertInvalid(new Audience(type, users(101), List.of(), List.of()), limits);
            assertInvalid(new Audience(type, List.of(), tags(21), List.of()), limits);
            assertInvalid(new Audience(type, List.of(), List.of(), users(21)), limits);
        }
    }

    @Test
    void audienceIdsArePositive() {
        for (Audience.Type type : PARTLY) {
            assertInvalid(new Audience(type, List.of(5L, 0L), List.of(), List.of()), "positive");
            assertInvalid(new Audience(type, List.of(-5L), List.of(), List.of()), "positive");
            assertInvalid(new Audience(type, List.of(), List.of(), List.of(7L, 0L)), "positive");
            assertInvalid(new Audience(type, List.of(), List.of(), List.of(-7L)), "positive");
        }
    }

    @Test
    void tagNamesHaveOneToThirtyCharactersNotBlankAndNoControlCharacters() {
        Audience.Type type = Audience.Type.PARTLY_VISIBLE;
        assertInvalid(new Audience(type, List.of(), List.of(""), List.of()), "a tag has 1..30 characters");
        assertInvalid(new Audience(type, List.of(), List.of(" \t "), List.of()), "a tag has 1..30 characters");
        assertInvalid(new Audience(type, List.of(), List.of("x".repeat(31)), List.of()), "1..30");
        assertInvalid(new Audience(type, List.of(), List.of("fam\nily"), List.of()), "control characters");
        assertThatCode(() -> AudienceRules.check(new Audience(type, List.of(), List.of("x".repeat(30)), List.of())))
                .doesNotThrowAnyException();
    }

    @Test
    void aTagNameIsCountedInCharactersNotUtf16Units() {
        String thirtyEmoji = "\uD83D\uDE00".repeat(30);
        assertThat(thirtyEmoji).hasSize(60);
        Audience.Type type = Audience.Type.PARTLY_INVISIBLE;
        assertThatCode(() -> AudienceRules.check(new Audience(type, List.of(), List.of(thirtyEmoji), List.of())))
                .doesNotThrowAnyException();
        assertInvalid(new Audience(type, List.of(), List.of(thirtyEmoji + "\uD83D\uDE00"), List.of()), "1..30");
    }

    @Test
    void repeatedEntriesAreDroppedKeepingTheFirstOfEach() {
        Audience given = new Audience(
                Audience.Type.PARTLY_VISIBLE, List.of(3L, 2L, 3L, 1L, 2L), List.of("b", "a", "b"), List.of(9L, 4L, 9L));
        assertThat(AudienceRules.check(given))
                .isEqualTo(new Audience(
                        Audience.Type.PARTLY_VISIBLE, List.of(3L, 2L, 1L), List.of("b", "a"), List.of(9L, 4L)));
    }
}
