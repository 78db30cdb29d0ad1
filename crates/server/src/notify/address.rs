//! Checking the addresses a person leaves: an e-mail address that reads as one, a webhook
//! that is an http(s) URL and, unless the operator allows it, reaches no loopback or private
//! network (so a stranger cannot make the server knock on the machines beside it).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;

/// The longest e-mail address (RFC 5321's path limit).
const EMAIL_MAX: usize = 254;
/// The longest webhook URL.
const WEBHOOK_MAX: usize = 2048;
/// How long looking up a webhook's host may take.
const LOOKUP: Duration = Duration::from_secs(3);

/// The e-mail address `text` as stored, or why it is refused.
pub fn check_email(text: &str) -> Result<String, String> {
    if text.chars().count() > EMAIL_MAX {
        return Err(format!(
            "that e-mail address is too long (at most {EMAIL_MAX} characters)"
        ));
    }
    match text.parse::<lettre::Address>() {
        Ok(a) if a.domain().contains('.') || a.domain().starts_with('[') => Ok(a.to_string()),
        _ => Err(format!(
            "`{}` is not an e-mail address (like name@example.org)",
            shorten(text)
        )),
    }
}

/// The webhook URL `text` as stored, or why it is refused: it must be http or https, and
/// unless `allow_private`, its host must be (or resolve to) public addresses only.
pub async fn check_webhook(text: &str, allow_private: bool) -> Result<String, String> {
    if text.len() > WEBHOOK_MAX {
        return Err(format!(
            "that webhook URL is too long (at most {WEBHOOK_MAX} characters)"
        ));
    }
    let url =
        reqwest::Url::parse(text).map_err(|e| format!("`{}` is not a URL ({e})", shorten(text)))?;
    if url.scheme() != "http" && url.scheme() != "https" {
        return Err(format!(
            "a webhook must be an http:// or https:// URL, not {}:",
            url.scheme()
        ));
    }
    let Some(host) = url.host_str().filter(|h| !h.is_empty()) else {
        return Err("the webhook URL names no host".into());
    };
    if !allow_private {
        let addrs = resolve(&url).await?;
        if let Some(ip) = addrs.iter().find(|ip| !is_public(**ip)) {
            return Err(format!(
                "the webhook's host {host} is on a loopback or private network ({ip}): this \
                 server sends only to public addresses"
            ));
        }
    }
    Ok(url.to_string())
}

/// The addresses of `url`'s host (an address written in the URL is its own), or why not.
pub(super) async fn resolve(url: &reqwest::Url) -> Result<Vec<IpAddr>, String> {
    let host = url.host_str().unwrap_or_default();
    let port = url.port_or_known_default().unwrap_or(443);
    if let Ok(ip) = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
    {
        return Ok(vec![ip]);
    }
    let found = tokio::time::timeout(LOOKUP, tokio::net::lookup_host((host, port)))
        .await
        .map_err(|_| format!("looking up the webhook's host {host} took too long"))?
        .map_err(|e| format!("the webhook's host {host} cannot be found ({e})"))?;
    let ips: Vec<IpAddr> = found.map(|a| a.ip()).collect();
    if ips.is_empty() {
        return Err(format!("the webhook's host {host} has no address"));
    }
    Ok(ips)
}

/// Whether `ip` is an address of the public internet (not loopback, private, link-local,
/// shared, documentation, multicast or otherwise reserved).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return public_v4(v4);
            }
            public_v6(v6)
        }
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 192 && b == 0 && c == 0) // protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00 // unique local
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0x0064 && s[1] == 0xff9b) // NAT64, which reaches IPv4 addresses
        || s[..6] == [0, 0, 0, 0, 0, 0]) // IPv4-compatible, deprecated
}

/// At most 60 characters of `text`, for a message.
fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e_mail_addresses() {
        assert_eq!(check_email("ann@example.org").unwrap(), "ann@example.org");
        for bad in [
            "ann",
            "ann@",
            "@example.org",
            "a b@example.org",
            "ann@localhost",
        ] {
            let e = check_email(bad).unwrap_err();
            assert!(e.contains("not an e-mail address"), "{bad}: {e}");
        }
        let long = format!("{}@example.org", "a".repeat(300));
        assert!(check_email(&long).unwrap_err().contains("too long"));
    }

    #[tokio::test]
    async fn webhooks() {
        let ok = check_webhook("https://203.0.113.9/hook", true)
            .await
            .unwrap();
        assert_eq!(ok, "https://203.0.113.9/hook");
        let e = check_webhook("ftp://example.org/x", true)
            .await
            .unwrap_err();
        assert!(e.contains("http:// or https://"), "{e}");
        let e = check_webhook("javascript:alert(1)", true)
            .await
            .unwrap_err();
        assert!(e.contains("http:// or https://"), "{e}");
        assert!(check_webhook("not a url", true)
            .await
            .unwrap_err()
            .contains("not a URL"));
        for private in [
            "http://127.0.0.1:9000/hook",
            "http://10.1.2.3/",
            "http://192.168.1.1/",
            "http://[::1]/",
            "http://[fd00::1]/",
            "http://169.254.169.254/latest",
            "http://localhost:8080/",
        ] {
            let e = check_webhook(private, false).await.unwrap_err();
            assert!(e.contains("private network"), "{private}: {e}");
            assert!(check_webhook(private, true).await.is_ok(), "{private}");
        }
    }

    #[test]
    fn public_addresses() {
        assert!(is_public("8.8.8.8".parse().unwrap()));
        assert!(is_public("2606:4700::1111".parse().unwrap()));
        for ip in [
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::ffff:127.0.0.1",
            "::",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
    }
}
