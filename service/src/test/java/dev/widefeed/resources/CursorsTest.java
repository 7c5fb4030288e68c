package dev.widefeed.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.graph.FollowCursor;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CursorsTest {
    @Test
    void followCursorsRoundTrip() {
        FollowCursor cursor = new FollowCursor(Instant.ofEpochMilli(1_763_790_000_123L), 382_768_640_030_253_056L);
        String encoded = Cursors.encode(cursor);
        assertThat(encoded).matches("[A-Za-z0-9_-]+");
        assertThat(Cursors.decodeFollow(encoded)).isEqualTo(cursor);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "!!!", "bm90LWEtY3Vyc29y", "ZjE6MTIz", "ZjE6LTE6Mg", "ZjE6MTIzOjA", "ZjE6YTpi"})
    void anythingElseIsMalformed(String raw) {
        assertThatThrownBy(() -> Cursors.decodeFollow(raw)).isInstanceOf(MalformedRequestException.class);
    }

    @Test
    void overlongCursorsAreMalformed() {
        String longOne =
                Base64.getUrlEncoder().encodeToString(("f1:1:" + "9".repeat(300)).getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> Cursors.decodeFollow(longOne)).isInstanceOf(MalformedRequestException.class);
    }
}
