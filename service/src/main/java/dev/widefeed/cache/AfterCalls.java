package dev.widefeed.cache;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A store interface whose writes a cache must hear of: every call goes to the store, and once it returned, the
 * listener hears its method, arguments and result. Wrapping the store rather than its callers means no writer (a
 * request, an erasure, a migration, a recount) can change a cached thing unheard.
 */
public final class AfterCalls {
    private AfterCalls() {}

    /** What a cache does after a call returned. */
    @FunctionalInterface
    public interface Listener {
        void returned(String method, Object[] args, Object result);
    }

    public static <T> T wrap(Class<T> type, T store, Listener listener) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            Object result = invoke(store, method, args);
            if (method.getDeclaringClass() != Object.class) {
                listener.returned(method.getName(), args == null ? new Object[0] : args, result);
            }
            return result;
        }));
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
