package dev.widefeed.resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every endpoint of the REST contract, with a valid request for each, as the hostile-input and
 * authorization sweeps try them. Placeholders, in targets and bodies: {me} the acting user, {user}
 * another user, {someone} a third, {post} another user's post, {myPost} one of the acting user's posts, {comment} a
 * comment, {group} a group of the acting user's, {tag} one of their tags.
 */
final class ContractEndpoints {
    /**
     * The endpoints of the contract's "Audiences and privacy" section are being built. Their rows are
     * below already; once the service serves them, set this to true and every sweep covers them too.
     * (HostileInputContract fails while this is false and the service serves them.)
     */
    static final boolean AUDIENCE_ENDPOINTS_SERVED = true;

    /** Which of the service's cursors a list hands out; MEMBER lists (ordered by user id) page by the last id. */
    enum CursorKind {
        FOLLOW,
        LIKE,
        POST,
        FLOOR,
        MEMBER,
        NOTIFICATION
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\w+)}");

    /**
     * @param body        a valid JSON body, or null when the endpoint reads none
     * @param bodyOptional whether the endpoint accepts no body at all
     * @param idFields    the body's fields that hold ids (a string or a list of strings)
     * @param cursor      the kind of cursor it pages with, or null when it is not a list
     * @param audience    one of the audience endpoints, swept only when they are served
     */
    record Endpoint(
            String method,
            String target,
            String body,
            boolean bodyOptional,
            List<String> idFields,
            boolean needsToken,
            CursorKind cursor,
            boolean audience) {

        Endpoint anonymous() {
            return new Endpoint(method, target, body, bodyOptional, idFields, false, cursor, audience);
        }

        Endpoint ofAudiences() {
            return new Endpoint(method, target, body, bodyOptional, idFields, needsToken, cursor, true);
        }

        Endpoint optionalBody() {
            return new Endpoint(method, target, body, true, idFields, needsToken, cursor, audience);
        }

        Endpoint ids(String... fields) {
            return new Endpoint(method, target, body, bodyOptional, List.of(fields), needsToken, cursor, audience);
        }

        boolean readsBody() {
            return body != null;
        }

        /** The placeholders of the target that hold ids, in order. */
        List<String> idSlots() {
            List<String> slots = new ArrayList<>();
            Matcher m = PLACEHOLDER.matcher(target);
            while (m.find()) {
                if (!m.group(1).equals("tag") && !m.group(1).equals("topic")) {
                    slots.add(m.group(1));
                }
            }
            return slots;
        }

        String target(Map<String, String> values) {
            return fill(target, values);
        }

        String body(Map<String, String> values) {
            return body == null ? null : fill(body, values);
        }

        /** The target with one placeholder replaced by {@code raw} and the others by their values. */
        String targetWith(String slot, String raw, Map<String, String> values) {
            return fill(target.replace("{" + slot + "}", raw), values);
        }

        @Override
        public String toString() {
            return method + " " + target;
        }
    }

    private ContractEndpoints() {}

    /** Every endpoint the sweeps run now: all of them once the audience endpoints are served. */
    static List<Endpoint> swept() {
        return all().stream()
                .filter(e -> !e.audience() || AUDIENCE_ENDPOINTS_SERVED)
                .toList();
    }

    static List<Endpoint> all() {
        return List.of(
                // users
                body("POST", "/v1/users", "{\"name\":\"mallory\",\"password\":\"mallory's password\"}")
                        .anonymous(),
                call("GET", "/v1/users/{user}"),
                call("GET", "/v1/users?ids={user},{someone}"),
                body("PATCH", "/v1/users/{me}", "{\"bio\":\"swept\"}"),
                call("GET", "/v1/users/{me}/export"),
                // the valid body's password is wrong on purpose: a sweep must never erase its own user
                body("DELETE", "/v1/users/{me}", "{\"password\":\"not the password\"}"),
                call("GET", "/v1/erasures/{user}").anonymous(),
                // sessions (a sweep sends no valid sign-in, so it counts no failure against the handle)
                body("POST", "/v1/sessions", "{\"handle\":\"nobody_swept\",\"password\":\"not the password\"}")
                        .anonymous(),
                body("POST", "/v1/sessions/refresh", "{\"refreshToken\":\"v1.AAAA\"}")
                        .anonymous(),
                call("DELETE", "/v1/sessions/current"),
                call("DELETE", "/v1/sessions"),
                body(
                        "PUT",
                        "/v1/users/{me}/password",
                        "{\"password\":\"a new password\",\"currentPassword\":\"wrong one\"}"),
                // relations
                call("PUT", "/v1/users/{me}/following/{user}"),
                call("DELETE", "/v1/users/{me}/following/{user}"),
                body("POST", "/v1/users/{me}/following", "{\"ids\":[\"{user}\"]}")
                        .ids("ids"),
                list("/v1/users/{user}/following", CursorKind.FOLLOW),
                list("/v1/users/{user}/followers", CursorKind.FOLLOW),
                call("GET", "/v1/users/{user}/relationship/{someone}"),
                call("GET", "/v1/users/{me}/relationships?ids={user},{someone}"),
                // posts, reposts, likes
                body("POST", "/v1/posts", "{\"content\":\"hello\",\"audience\":{\"type\":\"public\"}}"),
                body("POST", "/v1/posts/{post}/reposts", "{\"content\":\"again\"}")
                        .optionalBody(),
                call("GET", "/v1/posts/{post}"),
                call("GET", "/v1/posts/{post}/reposts?page=1"),
                call("GET", "/v1/posts?ids={post},{myPost}"),
                call("DELETE", "/v1/posts/{myPost}"),
                call("PUT", "/v1/posts/{post}/like"),
                call("DELETE", "/v1/posts/{post}/like"),
                list("/v1/posts/{post}/likes", CursorKind.LIKE),
                list("/v1/users/{user}/likes", CursorKind.LIKE),
                // comments
                body("POST", "/v1/posts/{post}/comments", "{\"content\":\"hi\",\"replyTo\":\"{comment}\"}")
                        .ids("replyTo"),
                call("GET", "/v1/posts/{post}/comments?page=1"),
                call("PUT", "/v1/posts/{myPost}/comments/closed"),
                call("DELETE", "/v1/posts/{myPost}/comments/closed"),
                body("PUT", "/v1/posts/{myPost}/comments/pinned", "{\"commentId\":\"{comment}\"}")
                        .ids("commentId"),
                call("DELETE", "/v1/posts/{myPost}/comments/pinned"),
                call("GET", "/v1/comments/{comment}"),
                list("/v1/comments/{comment}/replies", CursorKind.FLOOR),
                call("DELETE", "/v1/comments/{comment}"),
                call("PUT", "/v1/comments/{comment}/like"),
                call("DELETE", "/v1/comments/{comment}/like"),
                call("PUT", "/v1/comments/{comment}/hate"),
                call("DELETE", "/v1/comments/{comment}/hate"),
                // timelines
                list("/v1/users/{user}/posts", CursorKind.POST),
                list("/v1/users/{me}/home", CursorKind.POST),
                call("GET", "/v1/posts/{myPost}/fanout"),
                // notifications
                list("/v1/users/{me}/notifications", CursorKind.NOTIFICATION),
                call("GET", "/v1/users/{me}/notifications/unread"),
                body("PUT", "/v1/users/{me}/notifications/read", "{\"upTo\":\"2026-01-01T00:00:00Z\"}"),
                // topics and mentions
                list("/v1/topics/{topic}/posts", CursorKind.POST),
                call("GET", "/v1/topics/trending?window=24h"),
                list("/v1/users/{me}/mentions", CursorKind.POST),
                // audiences and privacy
                call("PUT", "/v1/users/{me}/tags/{tag}/members/{user}").ofAudiences(),
                call("DELETE", "/v1/users/{me}/tags/{tag}/members/{user}").ofAudiences(),
                call("GET", "/v1/users/{me}/tags").ofAudiences(),
                body("POST", "/v1/groups", "{\"name\":\"close friends\"}").ofAudiences(),
                call("PUT", "/v1/groups/{group}/members/{user}").ofAudiences(),
                call("DELETE", "/v1/groups/{group}/members/{user}").ofAudiences(),
                list("/v1/groups/{group}/members", CursorKind.MEMBER).ofAudiences(),
                call("PUT", "/v1/users/{me}/hidden/{user}").ofAudiences(),
                call("DELETE", "/v1/users/{me}/hidden/{user}").ofAudiences(),
                call("PUT", "/v1/users/{me}/blocked/{user}").ofAudiences(),
                call("DELETE", "/v1/users/{me}/blocked/{user}").ofAudiences(),
                // Beyond the contract, served with the rest: one's own hidden and blocked lists.
                list("/v1/users/{me}/hidden", CursorKind.MEMBER).ofAudiences(),
                list("/v1/users/{me}/blocked", CursorKind.MEMBER).ofAudiences(),
                call("GET", "/v1/posts/{myPost}/audience/{user}").ofAudiences());
    }

    private static Endpoint call(String method, String target) {
        return new Endpoint(method, target, null, false, List.of(), true, null, false);
    }

    private static Endpoint body(String method, String target, String body) {
        return new Endpoint(method, target, body, false, List.of(), true, null, false);
    }

    private static Endpoint list(String target, CursorKind cursor) {
        return new Endpoint("GET", target, null, false, List.of(), true, cursor, false);
    }

    private static String fill(String template, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder filled = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("no value for " + m.group() + " in " + template);
            }
            m.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        return m.appendTail(filled).toString();
    }
}
