package dev.widefeed.audience;

import dev.widefeed.kernel.DomainException;
import java.util.List;

/**
 * Who may see a post (docs/design.md, Audiences): public, private, or partly visible / partly invisible to listed
 * users, the author's tags and groups. The lists matter only for the partly-* types.
 */
public record Audience(Type type, List<Long> users, List<String> tags, List<Long> groups) {
    public enum Type {
        PUBLIC("public"),
        PRIVATE("private"),
        PARTLY_VISIBLE("partly-visible"),
        PARTLY_INVISIBLE("partly-invisible");

        private final String json;

        Type(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }

        public static Type ofJson(String json) {
            for (Type type : values()) {
                if (type.json.equals(json)) {
                    return type;
                }
            }
            throw DomainException.invalid("audience type must be public, private, partly-visible or partly-invisible");
        }
    }

    public static final Audience PUBLIC = new Audience(Type.PUBLIC, List.of(), List.of(), List.of());

    public Audience {
        users = List.copyOf(users);
        tags = List.copyOf(tags);
        groups = List.copyOf(groups);
    }
}
