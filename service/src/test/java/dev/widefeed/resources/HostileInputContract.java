package dev.widefeed.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTCreator;
import com.auth0.jwt.algorithms.Algorithm;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.widefeed.auth.TokenService;
import dev.widefeed.comment.FloorCursor;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.resources.ContractEndpoints.CursorKind;
import dev.widefeed.resources.ContractEndpoints.Endpoint;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.ApiClient.Created;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.RawHttp;
import dev.widefeed.testing.RawHttp.Answer;
import dev.widefeed.testing.RawHttp.Request;
import dev.widefeed.testing.TestBackend;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * Hostile input on every endpoint of the contract (see {@link ContractEndpoints}): missing and forged
 * tokens, ids and cursors that are not, out-of-range limits, malformed, mistyped, oversized and
 * compressed bodies. Each must get its contract status in the contract's error shape, none a 500,
 * and afterwards the world the requests aimed at reads back exactly as before. It runs on every {@link TestBackend}.
 */
@BackendContract
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class HostileInputContract {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Not ids, wherever an id goes. */
    private static final List<String> BAD_IDS = List.of(
            "abc",
            "-1",
            "0",
            "00",
            "1.5",
            "1e3",
            "+1",
            "%201",
            "1%20",
            "0x1F",
            "1%2C2",
            "9223372036854775808",
            "99999999999999999999",
            "1".repeat(1000),
            "%D9%A3" /* an Arabic-Indic digit */,
            "%00",
            "null");
    /** Bad in a path, but ids after all in a query's comma-separated list, whose spaces are stripped. */
    private static final Set<String> QUERY_DECODES_TO_IDS = Set.of("+1", "%201", "1%20", "1%2C2");
    /** An id nothing has: ids are time-based and far larger. */
    private static final String UNKNOWN_ID = "1";

    private SweepWorld world;
    private Map<String, JsonNode> before;
    private RawHttp http;

    /** Set before each backend's run: one instance (PER_CLASS) serves every backend, so no constructor takes it. */
    @Parameter
    private TestBackend backend;

    private ApiClient api() {
        return backend.api();
    }

    @BeforeParameterizedClassInvocation
    void createTheWorld() {
        http = api().raw();
        world = new SweepWorld(api());
        before = world.snapshot();
    }

    @AfterEach
    void theWorldIsUnchanged() {
        assertThat(world.snapshot()).isEqualTo(before);
    }

    // --- tokens ---

    @Test
    void missingMalformedForgedAndExpiredTokensAre401OnEveryAuthenticatedEndpoint() {
        Map<String, String> values = world.adaActing();
        long ada = Long.parseLong(world.ada.id());
        String secret = api().tokenSecret();
        Algorithm signed = Algorithm.HMAC256(secret);
        Instant now = Instant.now();
        Map<String, String> authorizations = new LinkedHashMap<>();
        authorizations.put("no header", null);
        authorizations.put("no token", "Bearer");
        authorizations.put("blank token", "Bearer ");
        authorizations.put("not a JWT", "Bearer not-a-token");
        authorizations.put("three dots", "Bearer a.b.c");
        authorizations.put(
                "another scheme",
                "Basic " + Base64.getEncoder().encodeToString("ada:secret".getBytes(StandardCharsets.UTF_8)));
        authorizations.put("tampered signature", "Bearer " + world.ada.token() + "x");
        authorizations.put(
                "another secret",
                "Bearer "
                        + new TokenService(
                                        "another-secret-another-secret-0123456789",
                                        Duration.ofHours(1),
                                        Duration.ofHours(1),
                                        Clock.systemUTC())
                                .mint(ada));
        authorizations.put(
                "expired",
                "Bearer "
                        + new TokenService(
                                        secret,
                                        Duration.ofHours(1),
                                        Duration.ofHours(1),
                                        Clock.fixed(now.minus(Duration.ofDays(2)), ZoneOffset.UTC))
                                .mint(ada));
        authorizations.put(
                "unsigned (alg none)", "Bearer " + claims(world.ada.id(), now).sign(Algorithm.none()));
        authorizations.put(
                "another issuer",
                "Bearer "
                        + JWT.create()
                                .withIssuer("elsewhere")
                                .withSubject(world.ada.id())
                                .withExpiresAt(now.plus(Duration.ofHours(1)))
                                .sign(signed));
        for (String subject : new String[] {"abc", "0", "-1", "", "99999999999999999999", "1.5", " 1"}) {
            authorizations.put(
                    "subject '" + subject + "'",
                    "Bearer " + claims(subject, now).sign(signed));
        }
        authorizations.put(
                "no subject",
                "Bearer "
                        + JWT.create()
                                .withIssuer("widefeed")
                                .withExpiresAt(now.plus(Duration.ofHours(1)))
                                .sign(signed));

        Sweep sweep = new Sweep();
        for (Endpoint endpoint : ContractEndpoints.swept()) {
            if (!endpoint.needsToken()) {
                continue;
            }
            authorizations.forEach((what, authorization) -> {
                Request request = withoutToken(valid(endpoint, values, null));
                if (authorization != null) {
                    request = request.header("Authorization", authorization);
                }
                sweep.expect(what, request, 401);
            });
        }
        sweep.assertAllAnswered();
    }

    private static JWTCreator.Builder claims(String subject, Instant now) {
        return JWT.create()
                .withIssuer("widefeed")
                .withSubject(subject)
                .withIssuedAt(now)
                .withExpiresAt(now.plus(Duration.ofHours(1)));
    }

    // --- ids, cursors, limits ---

    @Test
    void idsThatAreNotIdsAre400Everywhere() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : ContractEndpoints.swept()) {
            for (String slot : endpoint.idSlots()) {
                for (String bad : BAD_IDS) {
                    if (endpoint.target().contains("?ids=") && QUERY_DECODES_TO_IDS.contains(bad)) {
                        continue;
                    }
                    sweep.expect(
                            "{" + slot + "} = " + abbreviated(bad),
                            valid(endpoint, values, endpoint.targetWith(slot, bad, values)),
                            400);
                }
            }
        }
        sweep.assertAllAnswered();
    }

    @Test
    void anEmptyIdIsNeverAMatchForAnything() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : ContractEndpoints.swept()) {
            for (String slot : endpoint.idSlots()) {
                // An empty path segment matches another route or none: refused either way.
                sweep.expect(
                        "{" + slot + "} empty",
                        valid(endpoint, values, endpoint.targetWith(slot, "", values)),
                        400,
                        404,
                        405);
            }
        }
        sweep.assertAllAnswered();
    }

    @Test
    void unknownIdsAre404AndSomeoneElsesIdAsMeIs403() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : ContractEndpoints.swept()) {
            for (String slot : endpoint.idSlots()) {
                Request request = valid(endpoint, values, endpoint.targetWith(slot, UNKNOWN_ID, values));
                if (slot.equals("me")) {
                    sweep.expect("{me} someone else", request, 403);
                } else if (endpoint.target().contains("?ids=")) {
                    sweep.expect("unknown ids are left out", request, 200);
                } else if (endpoint.method().equals("DELETE")) {
                    sweep.expect("{" + slot + "} unknown (idempotent removal)", request, 404, 204, 200);
                } else {
                    sweep.expect("{" + slot + "} unknown", request, 404);
                }
            }
        }
        sweep.assertAllAnswered();
    }

    @Test
    void cursorsThatAreNotCursorsAre400AndWellFormedOnesJustPositions() {
        Map<String, String> values = world.adaActing();
        Map<CursorKind, String> wellFormed = new EnumMap<>(CursorKind.class);
        wellFormed.put(CursorKind.FOLLOW, Cursors.encode(new FollowCursor(Instant.ofEpochMilli(1), 1)));
        wellFormed.put(CursorKind.LIKE, Cursors.encode(new LikeCursor(Instant.ofEpochMilli(1), 1)));
        wellFormed.put(CursorKind.POST, Cursors.encodePost(1L << 40));
        wellFormed.put(CursorKind.FLOOR, Cursors.encode(new FloorCursor(1)));
        wellFormed.put(CursorKind.MEMBER, "123456");
        wellFormed.put(CursorKind.NOTIFICATION, Cursors.encode(new NotificationCursor(Instant.ofEpochSecond(1), 1, 1)));
        Map<CursorKind, List<String>> extremes = new EnumMap<>(CursorKind.class);
        extremes.put(CursorKind.FOLLOW, List.of(b64("f1:0:1"), b64("f1:" + Long.MAX_VALUE + ":" + Long.MAX_VALUE)));
        extremes.put(CursorKind.LIKE, List.of(b64("l1:0:1"), b64("l1:" + Long.MAX_VALUE + ":" + Long.MAX_VALUE)));
        extremes.put(CursorKind.POST, List.of(b64("p1:0:1"), b64("p1:0:" + Long.MAX_VALUE)));
        extremes.put(CursorKind.FLOOR, List.of(b64("r1:1"), b64("r1:" + Long.MAX_VALUE)));
        extremes.put(CursorKind.MEMBER, List.of("1", Long.toString(Long.MAX_VALUE)));
        extremes.put(CursorKind.NOTIFICATION, List.of(b64("n1:0:0:0"), b64("n1:253402300799:255:" + Long.MAX_VALUE)));
        List<String> garbage = List.of(
                "garbage!",
                "",
                "%20",
                "%25%25",
                "A".repeat(300),
                "ZjE6MTIzOmFiYw",
                b64("f1:"),
                b64("x1:1:1"),
                b64("f1:1:1:1"),
                b64("f1:-1:5"),
                b64("f1:1:0"),
                b64("f1:1:abc"),
                b64("f1:99999999999999999999:1"),
                b64("l1::"),
                b64("p1:1:-1"),
                b64("r1:0"),
                b64("r1:-5"),
                b64("r1:x"),
                b64("r1:99999999999999999999"),
                b64("n1:1:1"),
                b64("n1:-1:1:1"),
                b64("n1:1:256:1"),
                b64("n1:253402300800:1:1"),
                b64("\u0000\u0001"),
                "ZjE",
                "ZjE6M");

        Sweep sweep = new Sweep();
        for (Endpoint endpoint : ContractEndpoints.swept()) {
            if (endpoint.cursor() == null) {
                continue;
            }
            String target = endpoint.target(values);
            for (String cursor : garbage) {
                sweep.expect("cursor " + abbreviated(cursor), get(target + "?cursor=" + cursor), 400);
            }
            wellFormed.forEach((kind, cursor) -> {
                if (kind != endpoint.cursor()) {
                    sweep.expect("a " + kind + " cursor", get(target + "?cursor=" + cursor), 400);
                }
            });
            // A user id cut short is another user id: only the encoded cursors can be cut into nonsense.
            String truncated = endpoint.cursor() == CursorKind.MEMBER ? null : truncatedCursor(target);
            if (truncated != null) {
                sweep.expect("truncated cursor", get(target + "?cursor=" + truncated), 400);
            }
            for (String position : extremes.getOrDefault(endpoint.cursor(), List.of())) {
                sweep.expect("well-formed position " + position, get(target + "?cursor=" + position), 200);
            }
        }
        sweep.assertAllAnswered();
    }

    /** The first page's cursor cut to a length no base64 has, or null when there is no second page. */
    private String truncatedCursor(String target) {
        Answer first = http.send(
                Request.of("GET", target + (target.contains("?") ? "&" : "?") + "limit=1", world.ada.token()));
        JsonNode next = first.json() == null ? null : first.json().get("next");
        if (next == null || next.isNull()) {
            return null;
        }
        String cursor = next.asText();
        int length = cursor.length() - 1;
        while (length % 4 != 1) {
            length--;
        }
        return cursor.substring(0, length);
    }

    @Test
    void limitsOutOfRangeAre422AndLimitsThatAreNotNumbers400() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : ContractEndpoints.swept()) {
            if (endpoint.cursor() == null) {
                continue;
            }
            String target = endpoint.target(values);
            for (String limit : List.of("0", "101", "-1", "2147483648", "99999999999", "1".repeat(40))) {
                sweep.expect("limit " + abbreviated(limit), get(target + "?limit=" + limit), 422);
            }
            for (String limit : List.of("ten", "", "1.5", "%205", "5%20", "0x10", "1e2", "%D9%A3", "5,6")) {
                sweep.expect("limit " + limit, get(target + "?limit=" + limit), 400);
            }
        }
        String comments = "/v1/posts/" + world.bobPost + "/comments";
        for (String page : List.of("0", "-3", "2147483648", "99999999999")) {
            sweep.expect("page " + page, get(comments + "?page=" + page), 422);
        }
        for (String page : List.of("x", "", "1.5", "%D9%A3")) {
            sweep.expect("page " + page, get(comments + "?page=" + page), 400);
        }
        sweep.expect("the last page there can be", get(comments + "?page=2147483647"), 200);
        sweep.expect(
                "more than 100 ids",
                get("/v1/posts?ids=" + String.join(",", Collections.nCopies(101, world.bobPost))),
                422);
        sweep.expect("an empty id among ids", get("/v1/posts?ids=" + world.bobPost + ",,"), 400);
        sweep.expect("no ids", get("/v1/posts?ids="), 400);
        sweep.assertAllAnswered();
    }

    // --- bodies ---

    @Test
    void malformedBodiesAre400() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : bodyEndpoints()) {
            String valid = endpoint.body(values);
            for (String body : List.of(
                    "{",
                    "{\"content\"",
                    "not json",
                    "{'content':'x'}",
                    "{\"a\":1,}",
                    "\u0000",
                    "{\"a\":\"\\q\"}",
                    valid + " trailing",
                    valid.substring(0, valid.length() - 1))) {
                sweep.expect(
                        "body " + abbreviated(body),
                        valid(endpoint, values, null).json(body),
                        400);
            }
            // Well-formed as far as the first value goes: refused for its shape before the parser sees the rest.
            sweep.expect("two JSON values", valid(endpoint, values, null).json(valid + valid), 400, 422);
            sweep.expect("an unclosed array", valid(endpoint, values, null).json("["), 400, 422);
            sweep.expect(
                    "invalid UTF-8",
                    valid(endpoint, values, null).bytes(invalidUtf8(valid)).header("Content-Type", "application/json"),
                    400);
            if (!endpoint.bodyOptional()) {
                sweep.expect("empty body", valid(endpoint, values, null).json(""), 400);
                sweep.expect("null body", valid(endpoint, values, null).json("null"), 400);
            }
            sweep.expect(
                    "text/plain",
                    valid(endpoint, values, null)
                            .bytes(valid.getBytes(StandardCharsets.UTF_8))
                            .header("Content-Type", "text/plain"),
                    415);
        }
        sweep.assertAllAnswered();
    }

    @Test
    void unknownFieldsAndWrongTypesAre422() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : bodyEndpoints()) {
            ObjectNode valid = (ObjectNode) parse(endpoint.body(values));
            for (String field : List.of("extra", "__proto__", "@class", "ID", "Content")) {
                ObjectNode body = valid.deepCopy();
                body.put(field, "java.lang.Runtime");
                sweep.expect(
                        "unknown field " + field, valid(endpoint, values, null).json(body.toString()), 422);
            }
            for (String body : List.of("[]", "5", "\"text\"", "true", "[" + valid + "]")) {
                sweep.expect(
                        "top-level " + abbreviated(body),
                        valid(endpoint, values, null).json(body),
                        422);
            }
            Iterator<String> fields = valid.fieldNames();
            while (fields.hasNext()) {
                String field = fields.next();
                for (String wrong : wrongTypesFor(valid.get(field))) {
                    ObjectNode body = valid.deepCopy();
                    body.set(field, parse(wrong));
                    sweep.expect(
                            field + " = " + wrong, valid(endpoint, values, null).json(body.toString()), 422);
                }
            }
        }
        sweep.expect("audience type unknown", post("{\"content\":\"x\",\"audience\":{\"type\":\"everyone\"}}"), 422);
        sweep.expect("audience without type", post("{\"content\":\"x\",\"audience\":{}}"), 422);
        sweep.expect(
                "audience unknown field",
                post("{\"content\":\"x\",\"audience\":{\"type\":\"public\",\"all\":1}}"),
                422);
        sweep.expect(
                "audience tag null",
                post("{\"content\":\"x\",\"audience\":{\"type\":\"partly-visible\",\"tags\":[null]}}"),
                422);
        sweep.expect(
                "audience users a string",
                post("{\"content\":\"x\",\"audience\":{\"type\":\"partly-visible\",\"users\":\"1\"}}"),
                422);
        sweep.assertAllAnswered();
    }

    private static List<String> wrongTypesFor(JsonNode value) {
        if (value.isTextual()) {
            return List.of("5", "-1.5", "true", "[]", "{}", "[\"x\"]");
        }
        if (value.isArray()) {
            return List.of("\"x\"", "5", "true", "{}", "[5]", "[true]", "[[]]", "[{}]", "[null]");
        }
        return List.of("\"public\"", "5", "true", "[]");
    }

    @Test
    void idsInBodiesThatAreNotIdsAre400() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        List<String> badIds =
                List.of("abc", "-1", "0", "", " 1", "1.5", "9223372036854775808", "1".repeat(1000), "\u0663");
        for (Endpoint endpoint : bodyEndpoints()) {
            ObjectNode valid = (ObjectNode) parse(endpoint.body(values));
            for (String field : endpoint.idFields()) {
                for (String bad : badIds) {
                    ObjectNode body = valid.deepCopy();
                    if (valid.get(field).isArray()) {
                        body.putArray(field).add(values.get("user")).add(bad);
                    } else {
                        body.put(field, bad);
                    }
                    sweep.expect(
                            field + " = " + abbreviated(bad),
                            valid(endpoint, values, null).json(body.toString()),
                            400);
                }
            }
        }
        for (String list : List.of("users", "groups")) {
            for (String bad : badIds) {
                ObjectNode body = (ObjectNode) parse("{\"content\":\"x\",\"audience\":{\"type\":\"partly-visible\"}}");
                ((ObjectNode) body.get("audience")).putArray(list).add(bad);
                sweep.expect("audience." + list + " = " + abbreviated(bad), post(body.toString()), 400);
            }
        }
        sweep.assertAllAnswered();
    }

    @Test
    void overLongTextIs422AndOversizedBodies413() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : bodyEndpoints()) {
            ObjectNode valid = (ObjectNode) parse(endpoint.body(values));
            String text = valid.has("content") ? "content" : valid.has("name") ? "name" : null;
            if (text != null) {
                int max = text.equals("content") ? 2000 : 30;
                for (String value : List.of("x".repeat(max + 1), "\u00e9".repeat(max + 1), "x".repeat(60_000))) {
                    ObjectNode body = valid.deepCopy();
                    body.put(text, value);
                    sweep.expect(
                            text + " of " + value.length(),
                            valid(endpoint, values, null).json(body.toString()),
                            422);
                }
            }
            // Valid JSON but for its size: only the cap on the body refuses it.
            String padded = " ".repeat(70_000) + valid;
            sweep.expect("70 kB body", valid(endpoint, values, null).json(padded), 413);
            sweep.expect(
                    "70 kB body, chunked",
                    valid(endpoint, values, null).json(padded).chunked(),
                    413);
            sweep.expect("70 kB body inflated from a gzip bomb", zipped(endpoint, values, padded), 413);
            sweep.expect(
                    "10 MB body inflated from a gzip bomb, chunked",
                    zipped(endpoint, values, " ".repeat(10_000_000) + valid).chunked(),
                    413);
            // The parser's cap on strings (64 K characters) and the cap on bodies (64 KiB) are about the same.
            String hugeString = "{\"" + valid.fieldNames().next() + "\":\"" + "x".repeat(70_000) + "\"}";
            sweep.expect(
                    "a 70 K character string, chunked",
                    valid(endpoint, values, null).json(hugeString).chunked(),
                    400,
                    413);
        }
        sweep.assertAllAnswered();
    }

    private Request zipped(Endpoint endpoint, Map<String, String> values, String body) {
        return valid(endpoint, values, null)
                .bytes(gzip(body))
                .header("Content-Type", "application/json")
                .header("Content-Encoding", "gzip");
    }

    @Test
    void deepNestingHugeNumbersAndHugeStringsAreRefusedWithoutA500() {
        Map<String, String> values = world.adaActing();
        Sweep sweep = new Sweep();
        for (Endpoint endpoint : bodyEndpoints()) {
            ObjectNode valid = (ObjectNode) parse(endpoint.body(values));
            String field = valid.fieldNames().next();
            String deepArrays = "[".repeat(5_000) + "]".repeat(5_000);
            String deepObjects = "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000);
            sweep.expect("nested arrays", valid(endpoint, values, null).json(deepArrays), 400, 422);
            sweep.expect("nested objects", valid(endpoint, values, null).json(deepObjects), 400, 422);
            sweep.expect(
                    "nested arrays in " + field,
                    valid(endpoint, values, null).json("{\"" + field + "\":" + deepArrays + "}"),
                    400,
                    422);
            sweep.expect(
                    "nested objects in " + field,
                    valid(endpoint, values, null).json("{\"" + field + "\":" + deepObjects + "}"),
                    400,
                    422);
            for (String number : List.of(
                    "1" + "0".repeat(1000),
                    "1e999999999",
                    "-1e-999999999",
                    "0." + "1".repeat(1000),
                    "123456789012345678901234567890")) {
                sweep.expect(
                        field + " = " + abbreviated(number),
                        valid(endpoint, values, null).json("{\"" + field + "\":" + number + "}"),
                        400,
                        422);
            }
            sweep.expect(
                    "a huge field name",
                    valid(endpoint, values, null).json("{\"" + "k".repeat(60_000) + "\":1}"),
                    400,
                    422);
            sweep.expect("many unknown fields", valid(endpoint, values, null).json(manyFields(5_000)), 400, 422);
        }
        sweep.assertAllAnswered();
    }

    private static String manyFields(int count) {
        StringBuilder body = new StringBuilder("{");
        for (int i = 0; i < count; i++) {
            body.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":1");
        }
        return body.append('}').toString();
    }

    @Test
    void gzipBodiesAreInflatedCappedAndMalformedOnes400() {
        Created dave = api().createUser("dave");
        Request zipped = Request.of("POST", "/v1/posts", dave.token())
                .header("Content-Type", "application/json")
                .header("Content-Encoding", "gzip");
        Answer accepted = http.send(zipped.bytes(gzip("{\"content\":\"zipped\"}")));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(201);
        assertThat(accepted.json().get("content").asText()).isEqualTo("zipped");

        Sweep sweep = new Sweep();
        // 10 MB of valid JSON in ~10 kB: only counting the inflated bytes stops it.
        sweep.expect("a gzip bomb", zipped.bytes(gzip("{\"content\":\"x\"" + " ".repeat(10_000_000) + "}")), 413);
        sweep.expect(
                "a gzip bomb, chunked",
                zipped.bytes(gzip("{\"content\":\"x\"" + " ".repeat(10_000_000) + "}"))
                        .chunked(),
                413);
        sweep.expect("not gzip", zipped.bytes("{\"content\":\"plain\"}".getBytes(StandardCharsets.UTF_8)), 400);
        byte[] whole = gzip("{\"content\":\"" + "cut short ".repeat(100) + "\"}");
        sweep.expect("truncated gzip", zipped.bytes(Arrays.copyOf(whole, whole.length / 2)), 400);
        byte[] corrupt = whole.clone();
        for (int i = 20; i < corrupt.length - 8; i += 7) {
            corrupt[i] ^= 0x5a;
        }
        sweep.expect("corrupt gzip", zipped.bytes(corrupt), 400);
        sweep.assertAllAnswered();

        JsonNode daves = api().get("/v1/users/" + dave.id(), dave.token());
        assertThat(daves.get("counts").get("posts").asLong()).isEqualTo(1);
    }

    @Test
    void requestsJettyRefusesItselfAreAnsweredInTheErrorShapeToo() {
        Sweep sweep = new Sweep();
        String bob = "/v1/users/" + world.bob.id();
        sweep.expect("a 20 kB URI", get(bob + "/followers?cursor=" + "A".repeat(20_000)), 414);
        sweep.expect("a 20 kB header", get(bob).header("X-Padding", "x".repeat(20_000)), 431);
        sweep.expect(
                "an empty segment",
                Request.of("DELETE", "/v1/posts//" + world.adaPost, world.ada.token()),
                400,
                404,
                405);
        sweep.expect(
                "an encoded slash", Request.of("DELETE", "/v1/posts/%2F" + world.adaPost, world.ada.token()), 400, 404);
        sweep.expect("an encoded dot segment", get(bob + "/%2E%2E/" + world.carl.id()), 400, 404);
        sweep.assertAllAnswered();
    }

    // --- the flag ---

    @Test
    void audienceRowsAreSweptOnceTheirEndpointsAreServed() {
        JsonNode paths = api().get("/v1/openapi.json", null).get("paths");
        List<String> audiencePaths = new ArrayList<>();
        paths.fieldNames().forEachRemaining(path -> {
            if (path.startsWith("/v1/groups") || path.matches(".*/(tags|hidden|blocked|audience)(/.*)?")) {
                audiencePaths.add(path);
            }
        });
        if (!ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED) {
            assertThat(audiencePaths)
                    .as("the audience endpoints are served now: set ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED")
                    .isEmpty();
        }
    }

    // --- helpers ---

    private static List<Endpoint> bodyEndpoints() {
        return ContractEndpoints.swept().stream().filter(Endpoint::readsBody).toList();
    }

    /** The endpoint's valid request by ada, at {@code target} when given. */
    private Request valid(Endpoint endpoint, Map<String, String> values, String target) {
        Request request = Request.of(
                endpoint.method(),
                target != null ? target : endpoint.target(values),
                endpoint.needsToken() ? world.ada.token() : null);
        return endpoint.readsBody() ? request.json(endpoint.body(values)) : request;
    }

    private static Request withoutToken(Request request) {
        return new Request(
                request.method(), request.target(), null, request.body(), request.headers(), request.streamed());
    }

    private Request get(String target) {
        return Request.of("GET", target, world.ada.token());
    }

    private Request post(String body) {
        return Request.of("POST", "/v1/posts", world.ada.token()).json(body);
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String b64(String raw) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The body with a broken UTF-8 sequence in its first string value. */
    private static byte[] invalidUtf8(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        int at = json.indexOf(":\"") + 2;
        byte[] broken = new byte[bytes.length + 2];
        System.arraycopy(bytes, 0, broken, 0, at);
        broken[at] = (byte) 0xC3;
        broken[at + 1] = (byte) 0x28;
        System.arraycopy(bytes, at, broken, at + 2, bytes.length - at);
        return broken;
    }

    private static String abbreviated(String s) {
        return s.length() > 40 ? s.substring(0, 20) + "...(" + s.length() + " chars)" : s;
    }

    /** Sends every case and reports all that went wrong at once. */
    private final class Sweep {
        private final List<String> failures = new ArrayList<>();
        private int sent;

        void expect(String what, Request request, Integer... statuses) {
            Set<Integer> expected = Set.of(statuses);
            Answer answer = http.send(request);
            sent++;
            boolean statusOk = expected.contains(answer.status());
            boolean shapeOk = answer.status() < 400 || answer.isContractError();
            if (!statusOk || !shapeOk) {
                failures.add(request + " [" + what + "]: expected " + expected + " in the error shape, got "
                        + answer.status() + " " + abbreviated(String.valueOf(answer.body())));
            }
        }

        void assertAllAnswered() {
            assertThat(sent).isPositive();
            assertThat(failures)
                    .as("%d of %d requests answered wrongly", failures.size(), sent)
                    .isEmpty();
        }
    }
}
