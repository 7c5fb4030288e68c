package dev.widefeed.mastodon.oauth;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The scope a Mastodon endpoint needs of the app's token ({@link Scopes#allow}); checked by {@link ScopeCheck}. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RequiresScope {
    String value();
}
