package dev.widefeed.resources;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The error statuses an operation answers besides those {@link OpenApiConventions} gives every operation of its kind
 * (400 for a malformed parameter or body, 401 without a valid token, 413, 415 and 422 for a body, 422 for a query
 * parameter out of range, 429 and 503 for all), so
 * that the published description lists each status a client can meet there and no other.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface ErrorStatuses {
    int[] value();
}
