package dev.widefeed.store.hbase.layout;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Decodes bytes laid out as a list of {@link KeyPart}s, strictly: every byte must belong to a part, texts must be
 * valid UTF-8, and a terminated text must end where the parts after it leave room for.
 */
final class KeyBytes {
    private KeyBytes() {}

    /** Checks that {@code parts} can be decoded at all: variable texts placed where they can end, optional ones last. */
    static void check(String what, List<KeyPart> parts) {
        boolean optionalSeen = false;
        for (int i = 0; i < parts.size(); i++) {
            KeyPart part = parts.get(i);
            if (part.type() == KeyType.COMPOSITE) {
                throw new IllegalArgumentException(what + ": part " + part.name() + " cannot be composite");
            }
            if (part.type() == KeyType.STRING && i != parts.size() - 1) {
                throw new IllegalArgumentException(what + ": part " + part.name()
                        + " is a string (the rest of the key), so it must be the last part");
            }
            if (optionalSeen && !part.optional()) {
                throw new IllegalArgumentException(
                        what + ": part " + part.name() + " follows an optional part, so it must be optional too");
            }
            optionalSeen |= part.optional();
            if (part.of() != null && part.type() != KeyType.SALT) {
                throw new IllegalArgumentException(
                        what + ": only a salt is computed 'of' another part, not " + part.name());
            }
        }
    }

    /**
     * Part name to value, for the parts present.
     *
     * @throws IllegalArgumentException when the bytes do not fit the parts
     */
    static LinkedHashMap<String, Object> decode(List<KeyPart> parts, byte[] bytes) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        int at = 0;
        for (int i = 0; i < parts.size(); i++) {
            KeyPart part = parts.get(i);
            if (at == bytes.length && part.optional()) {
                break;
            }
            at = decodePart(part, bytes, at, fixedWidthAfter(parts, i), values);
        }
        if (at != bytes.length) {
            throw new IllegalArgumentException((bytes.length - at) + " bytes left over after the last part");
        }
        return values;
    }

    /** The bytes every later part takes together, or -1 if that varies (a variable part, an optional one). */
    private static int fixedWidthAfter(List<KeyPart> parts, int index) {
        int width = 0;
        for (KeyPart part : parts.subList(index + 1, parts.size())) {
            if (part.type().width() < 0 || part.optional()) {
                return -1;
            }
            width += part.type().width();
        }
        return width;
    }

    /** @return where the next part starts */
    private static int decodePart(
            KeyPart part, byte[] bytes, int at, int widthAfter, LinkedHashMap<String, Object> into) {
        int width = part.type().width();
        if (width > 0 && at + width > bytes.length) {
            throw new IllegalArgumentException(
                    "part " + part.name() + " needs " + width + " bytes, " + (bytes.length - at) + " are left");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        switch (part.type()) {
            case SALT, BYTE -> into.put(part.name(), bytes[at] & 0xff);
            case REVERSED_BYTE -> into.put(part.name(), 255 - (bytes[at] & 0xff));
            case INT -> into.put(part.name(), buffer.getInt(at));
            case LONG -> into.put(part.name(), buffer.getLong(at));
            case REVERSED_LONG -> into.put(part.name(), Long.MAX_VALUE - buffer.getLong(at));
            case STRING -> {
                into.put(part.name(), utf8(part, bytes, at, bytes.length));
                return bytes.length;
            }
            case SIZED_STRING -> {
                if (at + Short.BYTES > bytes.length) {
                    throw new IllegalArgumentException("part " + part.name() + " has no room for its length");
                }
                int length = buffer.getShort(at) & 0xffff;
                int end = at + Short.BYTES + length;
                if (end > bytes.length) {
                    throw new IllegalArgumentException("part " + part.name() + " says " + length + " bytes, "
                            + (bytes.length - at - Short.BYTES) + " are left");
                }
                into.put(part.name(), utf8(part, bytes, at + Short.BYTES, end));
                return end;
            }
            case TERMINATED_STRING -> {
                // Where the fixed parts after it say the terminator is, the text may even hold a 0x00 itself.
                int end = widthAfter >= 0 ? bytes.length - widthAfter - 1 : indexOfZero(bytes, at);
                if (end < at || bytes[end] != 0) {
                    throw new IllegalArgumentException("part " + part.name() + " has no 0x00 terminator");
                }
                into.put(part.name(), utf8(part, bytes, at, end));
                return end + 1;
            }
            case ESCAPED_STRING -> {
                return unescape(part, bytes, at, into);
            }
            default ->
                throw new IllegalArgumentException(
                        "part " + part.name() + " of type " + part.type() + " cannot be decoded");
        }
        return at + width;
    }

    private static int indexOfZero(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int unescape(KeyPart part, byte[] bytes, int at, LinkedHashMap<String, Object> into) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        for (int i = at; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                text.write(bytes[i]);
            } else if (i + 1 >= bytes.length) {
                break;
            } else if (bytes[i + 1] == 0) {
                byte[] utf8 = text.toByteArray();
                into.put(part.name(), utf8(part, utf8, 0, utf8.length));
                return i + 2;
            } else if (bytes[i + 1] == 1) {
                text.write(0);
                i++;
            } else {
                throw new IllegalArgumentException("part " + part.name() + " has 0x00 followed by " + bytes[i + 1]
                        + ", neither an escaped 0x00 (0x01) nor the terminator (0x00)");
            }
        }
        throw new IllegalArgumentException("part " + part.name() + " has no 0x00 0x00 terminator");
    }

    private static String utf8(KeyPart part, byte[] bytes, int from, int to) {
        return utf8("part " + part.name(), bytes, from, to);
    }

    /** Strict UTF-8: malformed bytes are an error, never replaced. */
    static String utf8(String what, byte[] bytes, int from, int to) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, from, to - from))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(what + " is not UTF-8", e);
        }
    }
}
