package dev.widefeed.mastodon.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScopesTest {
    private static Scopes scopes(String text) {
        return Scopes.parse(text).orElseThrow();
    }

    @Test
    void aTopLevelScopeCoversItsGranularOnesAndFollowCoversFollowsBlocksAndMutes() {
        assertThat(scopes("read").allow("read:statuses")).isTrue();
        assertThat(scopes("read").allow("write:statuses")).isFalse();
        assertThat(scopes("read:statuses").allow("read")).isFalse();
        assertThat(scopes("follow").allow("write:follows")).isTrue();
        assertThat(scopes("follow").allow("write:statuses")).isFalse();
        assertThat(scopes("write").allow("write:favourites")).isTrue();
    }

    @Test
    void listsTakeSpacesPlusesAndCommasAndAnUnknownScopeIsRefused() {
        assertThat(scopes("read+write,follow").granted()).containsExactlyInAnyOrder("read", "write", "follow");
        assertThat(Scopes.parse("read admin")).isEmpty();
        assertThat(Scopes.parse("read:everything")).isEmpty();
        assertThat(Scopes.parse(null)).contains(Scopes.DEFAULT);
        assertThat(scopes("write read").toString()).isEqualTo("read write");
    }

    @Test
    void aGrantMayNotExceedWhatTheAppRegistered() {
        assertThat(scopes("read write").includeAll(scopes("read:statuses write")))
                .isTrue();
        assertThat(scopes("read").includeAll(scopes("read write"))).isFalse();
    }
}
