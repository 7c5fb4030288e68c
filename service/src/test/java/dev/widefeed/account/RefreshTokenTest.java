package dev.widefeed.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RefreshTokenTest {
    private static final RefreshToken.Signer SIGNER = new RefreshToken.Signer("refresh-token-test-secret-0123456789");
    private static final Instant AT = Instant.parse("2026-11-25T03:00:00Z");

    private static Session session(int generation, byte fill) {
        byte[] nonce = new byte[Session.NONCE_BYTES];
        java.util.Arrays.fill(nonce, fill);
        return new Session(42, 4242, generation, false, nonce, AT, AT);
    }

    @Test
    void aTokenRoundTripsThroughItsTextAndIsRecognisedForItsSessionInAnyGeneration() {
        Session first = session(0, (byte) 1);
        RefreshToken token = SIGNER.issue(first);
        RefreshToken decoded = RefreshToken.decode(token.encode()).orElseThrow();
        assertThat(decoded.userId()).isEqualTo(42);
        assertThat(decoded.sessionId()).isEqualTo(4242);
        assertThat(decoded.generation()).isZero();
        assertThat(SIGNER.issuedFor(decoded, first)).isTrue();
        Session later = first.rotated(AT.plusSeconds(60));
        assertThat(SIGNER.issuedFor(decoded, later))
                .as("an earlier generation is still genuine")
                .isTrue();
        assertThat(SIGNER.issue(later).encode()).isNotEqualTo(token.encode());
    }

    @Test
    void anotherNonceSecretOrChangedFieldIsNotGenuine() {
        Session session = session(3, (byte) 1);
        RefreshToken token = SIGNER.issue(session);
        assertThat(SIGNER.issuedFor(token, session(3, (byte) 2)))
                .as("another nonce")
                .isFalse();
        assertThat(new RefreshToken.Signer("another-secret-another-secret-0123").issuedFor(token, session))
                .isFalse();
        assertThat(SIGNER.issuedFor(new RefreshToken(42, 4242, 4, token.mac()), session))
                .isFalse();
        assertThat(SIGNER.issuedFor(new RefreshToken(43, 4242, 3, token.mac()), session))
                .isFalse();
    }

    @Test
    void textThatIsNoTokenDecodesToNothing() {
        String genuine = SIGNER.issue(session(0, (byte) 1)).encode();
        for (String text : new String[] {
            null,
            "",
            "v1.",
            "v2." + genuine.substring(3),
            genuine + "A",
            "v1.@@@@",
            genuine.substring(0, genuine.length() - 4),
            "x".repeat(500)
        }) {
            assertThat(RefreshToken.decode(text)).as("'%s'", text).isEmpty();
        }
    }
}
