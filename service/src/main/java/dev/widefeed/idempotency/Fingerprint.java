package dev.widefeed.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** What identifies a request apart from its idempotency key: a SHA-256 of its fields, each length-prefixed. */
public final class Fingerprint {
    private Fingerprint() {}

    /** The fingerprint of these fields, in order; a null field counts as absent, apart from an empty one. */
    public static String of(String... fields) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String field : fields) {
                if (field == null) {
                    digest.update((byte) 0);
                } else {
                    byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
                    digest.update((byte) 1);
                    digest.update(java.nio.ByteBuffer.allocate(Integer.BYTES)
                            .putInt(bytes.length)
                            .array());
                    digest.update(bytes);
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
