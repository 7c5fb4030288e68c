package dev.widefeed.mastodon;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The Mastodon client API's entities as this service fills them (docs/mastodon.md, "Entities"): ids as strings,
 * times to the millisecond, snake_case names. Only what the service has is filled; what it lacks is empty, as
 * Mastodon itself leaves it for an account or status without it (no media, no emojis, no poll).
 */
public final class Entities {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Entities() {}

    /** A time as Mastodon writes it: ISO 8601, UTC, always with milliseconds. */
    public static String time(Instant instant) {
        return TIME.format(instant);
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Account(
            String id,
            String username,
            String acct,
            String displayName,
            boolean locked,
            boolean bot,
            boolean discoverable,
            boolean group,
            String createdAt,
            String note,
            String url,
            String uri,
            String avatar,
            String avatarStatic,
            String header,
            String headerStatic,
            long followersCount,
            long followingCount,
            long statusesCount,
            String lastStatusAt,
            List<Object> emojis,
            List<Object> fields,
            @JsonInclude(JsonInclude.Include.NON_NULL) Source source) {}

    /** What only the account's owner sees of it ({@code verify_credentials}). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Source(
            String privacy,
            boolean sensitive,
            String language,
            String note,
            List<Object> fields,
            long followRequestsCount) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Mention(String id, String username, String url, String acct) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Tag(String name, String url, List<Object> history) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Application(String name, String website) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Status(
            String id,
            String uri,
            String url,
            String createdAt,
            Account account,
            String content,
            String visibility,
            boolean sensitive,
            String spoilerText,
            List<Object> mediaAttachments,
            Application application,
            List<Mention> mentions,
            List<Tag> tags,
            List<Object> emojis,
            long reblogsCount,
            long favouritesCount,
            long repliesCount,
            String inReplyToId,
            String inReplyToAccountId,
            Status reblog,
            Object poll,
            Object card,
            String language,
            String text,
            String editedAt,
            boolean favourited,
            boolean reblogged,
            boolean muted,
            boolean bookmarked,
            boolean pinned,
            List<Object> filtered) {
        /** This status as the viewer's reblog answers it: reblogged by them, and so the status it wraps. */
        public Status rebloggedByMe() {
            return new Status(
                    id,
                    uri,
                    url,
                    createdAt,
                    account,
                    content,
                    visibility,
                    sensitive,
                    spoilerText,
                    mediaAttachments,
                    application,
                    mentions,
                    tags,
                    emojis,
                    reblogsCount,
                    favouritesCount,
                    repliesCount,
                    inReplyToId,
                    inReplyToAccountId,
                    reblog == null ? null : reblog.rebloggedByMe(),
                    poll,
                    card,
                    language,
                    text,
                    editedAt,
                    favourited,
                    true,
                    muted,
                    bookmarked,
                    pinned,
                    filtered);
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Relationship(
            String id,
            boolean following,
            boolean showingReblogs,
            boolean notifying,
            boolean followedBy,
            boolean blocking,
            boolean blockedBy,
            boolean muting,
            boolean mutingNotifications,
            boolean requested,
            boolean requestedBy,
            boolean domainBlocking,
            boolean endorsed,
            String note,
            List<String> languages) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Notification(String id, String type, String createdAt, Account account, Status status) {}

    /** An app as {@code POST /api/v1/apps} answers it, with its credentials. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RegisteredApp(
            String id,
            String name,
            String website,
            String redirectUri,
            List<String> redirectUris,
            String scopes,
            String clientId,
            String clientSecret,
            String vapidKey) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Token(String accessToken, String tokenType, String scope, long createdAt) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Context(List<Status> ancestors, List<Status> descendants) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Search(List<Account> accounts, List<Status> statuses, List<Tag> hashtags) {}

    /** Where a timeline was read down to; {@code version} grows with each change (the marker's time, here). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Marker(String lastReadId, long version, String updatedAt) {}
}
