package dev.widefeed.mastodon.oauth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** SHA-256 of a text's UTF-8, as the face needs it: PKCE's challenge, digests of keys and tokens. */
public final class Sha256 {
    private Sha256() {}

    public static byte[] of(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The digest in URL-safe Base64 without padding (PKCE's S256 of an ASCII verifier is exactly this). */
    public static String base64Url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(of(text));
    }
}
