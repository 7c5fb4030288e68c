package dev.widefeed.directory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NameTermsTest {
    private static User user(String handle, String name) {
        return new User(1, Optional.of(Handle.parse(handle)), name, Instant.EPOCH);
    }

    @Test
    void aUserIsFoundByTheHandleAndTheFoldedWordsOfTheName() {
        assertThat(NameTerms.wordsOf(user("ada_l", "Ádà  Lovelace-Byron, Ada")))
                .containsExactly("ada_l", "ada", "lovelace", "byron");
        assertThat(NameTerms.wordsOf(user("zed", "a b c d e f"))).containsExactly("zed", "a", "b", "c", "d");
        assertThat(NameTerms.wordsOf(user("zed", "Σοφία 李小龙"))).containsExactly("zed", "σοφια", "李小龙");
    }

    @Test
    void aWordIsListedUnderItsPrefixesOfTheLevelsItReaches() {
        assertThat(NameTerms.listingsOf(user("abcdefghi", "x")))
                .containsExactly(
                        new NameTerms.Listed("a", "abcdefghi"),
                        new NameTerms.Listed("ab", "abcdefghi"),
                        new NameTerms.Listed("abc", "abcdefghi"),
                        new NameTerms.Listed("abcd", "abcdefghi"),
                        new NameTerms.Listed("abcdef", "abcdefghi"),
                        new NameTerms.Listed("abcdefgh", "abcdefghi"),
                        new NameTerms.Listed("x", "x"));
    }

    @Test
    void aQueryWordIsLookedUpUnderTheLongestLevelItReaches() {
        assertThat(NameTerms.listingFor("a")).isEqualTo("a");
        assertThat(NameTerms.listingFor("abcde")).isEqualTo("abcd");
        assertThat(NameTerms.listingFor("abcdefghijklmnopqrstu")).isEqualTo("abcdefghijklmnop");
    }

    @Test
    void aQueryDropsTheAtSignAndTheDomainAndFoldsItsWords() {
        assertThat(NameTerms.query("@Ada@example.org")).containsExactly("ada");
        assertThat(NameTerms.query("  Ádà love ")).containsExactly("ada", "love");
        assertThat(NameTerms.query("@@")).isEmpty();
        assertThat(NameTerms.query("!?")).isEmpty();
        assertThat(NameTerms.query("a b c d e f")).hasSize(NameTerms.QUERY_WORDS);
    }

    @Test
    void aCandidateMatchesWhenEveryQueryWordBeginsOneOfItsWords() {
        User ada = user("countess", "Ada Lovelace");
        assertThat(NameTerms.matches(ada, List.of("ada", "lov"))).isTrue();
        assertThat(NameTerms.matches(ada, List.of("count"))).isTrue();
        assertThat(NameTerms.matches(ada, List.of("ada", "byron"))).isFalse();
        assertThat(NameTerms.matches(ada, List.of("velace"))).isFalse();
    }
}
