//! Checking the addresses a person leaves: an e-mail address that reads as one, a webhook
//! that is an http(s) URL and, unless the operator allows it, reaches no loopback or private
//! network (so a stranger cannot make the server knock on the machines beside it).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::atomic::{AtomicU64, Ordering};
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

/// The networks webhooks may reach besides the public internet: the operator's choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Loopback, private and other reserved networks (a webhook receiver beside the server).
    pub private: bool,
    /// Link-local networks, where cloud metadata services answer: named on their own, since
    /// reaching them hands out the machine's credentials.
    pub link_local: bool,
}

impl Reach {
    /// Whether a webhook may reach `ip`.
    pub fn allows(self, ip: IpAddr) -> bool {
        match network(ip) {
            Network::Public => true,
            Network::Private => self.private,
            Network::LinkLocal => self.link_local,
        }
    }

    /// Whether every address is allowed (nothing to look up).
    fn everything(self) -> bool {
        self.private && self.link_local
    }
}

/// Which kind of network an address is on, as far as webhooks care; ordered from the least
/// to the most guarded (an address judged by several is on the most guarded of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Network {
    /// The public internet.
    Public,
    /// Loopback, private, shared (carrier NAT), unique local, documentation, multicast and
    /// other reserved ranges.
    Private,
    /// Link-local (169.254.0.0/16, fe80::/10) and the addresses of cloud metadata services.
    LinkLocal,
}

/// The webhook URL `text` as stored, or why it is refused: it must be http or https, and its
/// host must be (or resolve to) addresses `reach` allows. A host looked up is counted in
/// `lookups`. No refusal names an address the host resolved to (it would tell a stranger
/// what lies behind a name).
pub async fn check_webhook(
    text: &str,
    reach: Reach,
    lookups: &AtomicU64,
) -> Result<String, String> {
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
    if url.host_str().is_none_or(str::is_empty) {
        return Err("the webhook URL names no host".into());
    }
    if !reach.everything() {
        let addrs = resolve(&url, lookups).await?;
        if let Some(ip) = addrs.iter().find(|ip| !reach.allows(**ip)) {
            return Err(refusal(network(*ip)));
        }
    }
    Ok(url.to_string())
}

/// Why a webhook reaching a network of `kind` is refused, in words.
fn refusal(kind: Network) -> String {
    match kind {
        Network::LinkLocal => "that webhook's host is on a link-local network, where cloud \
                               metadata services answer: this server sends no webhooks there"
            .into(),
        _ => "that webhook's host is on a loopback or private network: this server sends \
              webhooks only to public addresses"
            .into(),
    }
}

/// The addresses of `url`'s host (an address written in the URL is its own), or why not; a
/// name looked up is counted in `lookups`.
pub(super) async fn resolve(
    url: &reqwest::Url,
    lookups: &AtomicU64,
) -> Result<Vec<IpAddr>, String> {
    let host = url.host_str().unwrap_or_default();
    let port = url.port_or_known_default().unwrap_or(443);
    if let Ok(ip) = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
    {
        return Ok(vec![ip]);
    }
    lookups.fetch_add(1, Ordering::Relaxed);
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
/// shared, documentation, multicast or otherwise reserved, nor an IPv6 address that carries
/// such an IPv4 address).
pub fn is_public(ip: IpAddr) -> bool {
    network(ip) == Network::Public
}

/// The network `ip` is on. An IPv6 address that carries an IPv4 address (IPv4-mapped,
/// IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) is on that address's network, since
/// that is where a connection to it ends up.
pub fn network(ip: IpAddr) -> Network {
    match ip {
        IpAddr::V4(v4) => network_v4(v4),
        IpAddr::V6(v6) => network_v6(v6),
    }
}

/// Cloud metadata services outside the link-local range: Alibaba Cloud's (in the shared
/// range) and Oracle Cloud's older one (in the protocol assignments).
const METADATA_V4: [Ipv4Addr; 2] = [
    Ipv4Addr::new(100, 100, 100, 200),
    Ipv4Addr::new(192, 0, 0, 192),
];
/// Amazon EC2's metadata service over IPv6 (in the unique local range).
const METADATA_V6: Ipv6Addr = Ipv6Addr::new(0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254);

fn network_v4(ip: Ipv4Addr) -> Network {
    let [a, b, c, _] = ip.octets();
    if ip.is_link_local() || METADATA_V4.contains(&ip) {
        return Network::LinkLocal;
    }
    let reserved = ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 192 && b == 0 && c == 0) // protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240; // reserved
    if reserved {
        Network::Private
    } else {
        Network::Public
    }
}

fn network_v6(ip: Ipv6Addr) -> Network {
    let s = ip.segments();
    if ip.is_unspecified() || ip.is_loopback() {
        return Network::Private;
    }
    if ip == METADATA_V6 || (s[0] & 0xffc0) == 0xfe80 {
        return Network::LinkLocal;
    }
    let carried = embedded_v4(ip);
    if !carried.is_empty() {
        // The worst of them: Teredo carries two, and a connection may meet both.
        return carried
            .into_iter()
            .map(network_v4)
            .max()
            .unwrap_or(Network::Private);
    }
    let reserved = (s[0] & 0xe000) != 0x2000 // outside global unicast: unique local, multicast, local NAT64, …
        || (s[0] == 0x2001 && s[1] < 0x0200) // protocol assignments
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] & 0xfff0) == 0x3ff0; // documentation (3fff::/20)
    if reserved {
        Network::Private
    } else {
        Network::Public
    }
}

/// The IPv4 addresses an IPv6 address carries, by its form; none for the others.
fn embedded_v4(ip: Ipv6Addr) -> Vec<Ipv4Addr> {
    let s = ip.segments();
    let v4 = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    match s {
        // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d (deprecated) and
        // IPv4-translated ::ffff:0:a.b.c.d.
        [0, 0, 0, 0, 0, 0xffff, hi, lo]
        | [0, 0, 0, 0, 0, 0, hi, lo]
        | [0, 0, 0, 0, 0xffff, 0, hi, lo] => {
            vec![v4(hi, lo)]
        }
        // NAT64's well-known prefix 64:ff9b::/96.
        [0x0064, 0xff9b, 0, 0, 0, 0, hi, lo] => vec![v4(hi, lo)],
        // 6to4 2002:aabb:ccdd::/48.
        [0x2002, hi, lo, ..] => vec![v4(hi, lo)],
        // Teredo 2001:0:<server>:<flags>:<port>:<client, inverted>.
        [0x2001, 0, shi, slo, _, _, chi, clo] => vec![v4(shi, slo), v4(!chi, !clo)],
        _ => Vec::new(),
    }
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

    /// Every reach, from none to everything.
    const NONE: Reach = Reach {
        private: false,
        link_local: false,
    };
    const PRIVATE: Reach = Reach {
        private: true,
        link_local: false,
    };
    const LINK_LOCAL: Reach = Reach {
        private: false,
        link_local: true,
    };
    const ALL: Reach = Reach {
        private: true,
        link_local: true,
    };

    async fn check(text: &str, reach: Reach) -> Result<String, String> {
        check_webhook(text, reach, &AtomicU64::new(0)).await
    }

    /// Whether `text` holds something that reads as an IPv4 or IPv6 address.
    fn names_an_address(text: &str) -> bool {
        text.split(|c: char| !(c.is_ascii_hexdigit() || c == '.' || c == ':'))
            .any(|w| w.trim_matches(['.', ':']).parse::<IpAddr>().is_ok())
    }

    #[tokio::test]
    async fn webhooks() {
        let ok = check("https://203.0.113.9/hook", ALL).await.unwrap();
        assert_eq!(ok, "https://203.0.113.9/hook");
        let e = check("ftp://example.org/x", ALL).await.unwrap_err();
        assert!(e.contains("http:// or https://"), "{e}");
        let e = check("javascript:alert(1)", ALL).await.unwrap_err();
        assert!(e.contains("http:// or https://"), "{e}");
        assert!(check("not a url", ALL)
            .await
            .unwrap_err()
            .contains("not a URL"));
        for private in [
            "http://127.0.0.1:9000/hook",
            "http://10.1.2.3/",
            "http://192.168.1.1/",
            "http://[::1]/",
            "http://[fd00::1]/",
            "http://[::ffff:10.0.0.1]/",
            "http://[2002:c0a8:101::1]/",
            "http://localhost:8080/",
        ] {
            let e = check(private, NONE).await.unwrap_err();
            assert!(e.contains("private network"), "{private}: {e}");
            assert!(!names_an_address(&e), "{private}: {e}");
            assert!(check(private, LINK_LOCAL).await.is_err(), "{private}");
            assert!(check(private, PRIVATE).await.is_ok(), "{private}");
        }
        // Link-local and metadata services stay refused when only private networks are
        // allowed.
        for link_local in [
            "http://169.254.169.254/latest/meta-data/",
            "http://[fe80::1]/",
            "http://[fd00:ec2::254]/",
            "http://100.100.100.200/",
            "http://[::ffff:169.254.169.254]/",
            "http://[2002:a9fe:a9fe::1]/",
            "http://[64:ff9b::a9fe:a9fe]/",
        ] {
            for reach in [NONE, PRIVATE] {
                let e = check(link_local, reach).await.unwrap_err();
                assert!(e.contains("link-local"), "{link_local}: {e}");
                assert!(!names_an_address(&e), "{link_local}: {e}");
            }
            assert!(check(link_local, LINK_LOCAL).await.is_ok(), "{link_local}");
        }
    }

    #[tokio::test]
    async fn only_host_names_are_looked_up_and_none_when_every_network_is_allowed() {
        let lookups = AtomicU64::new(0);
        check_webhook("http://10.0.0.1/", NONE, &lookups)
            .await
            .unwrap_err();
        check_webhook("http://localhost/", ALL, &lookups)
            .await
            .unwrap();
        assert_eq!(lookups.load(Ordering::Relaxed), 0);
        let e = check_webhook("http://localhost/", PRIVATE, &lookups)
            .await
            .map(|_| ());
        assert_eq!(lookups.load(Ordering::Relaxed), 1, "{e:?}");
    }

    #[test]
    fn public_addresses() {
        for ip in [
            "8.8.8.8",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "::ffff:0:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
            // Teredo: server 65.54.227.120, client 8.8.8.8 (inverted: f7f7:f7f7).
            "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::ffff:127.0.0.1",
            "::",
            "::1",
            "fc00::1",
            "ff02::1",
            "2001:db8::1",
            "3fff::1",
            "64:ff9b:1::a00:1",
        ] {
            assert_eq!(network(ip.parse().unwrap()), Network::Private, "{ip}");
        }
        for ip in ["169.254.0.1", "fe80::1", "febf::1", "fd00:ec2::254"] {
            assert_eq!(network(ip.parse().unwrap()), Network::LinkLocal, "{ip}");
        }
    }

    #[test]
    fn an_ipv6_address_carrying_an_ipv4_address_is_on_its_network() {
        // Each form, carrying a loopback, a private and a link-local address in turn.
        type Form = fn(Ipv4Addr) -> String;
        let forms: [(&str, Form); 7] = [
            ("IPv4-mapped", |v| format!("::ffff:{v}")),
            ("IPv4-compatible", |v| format!("::{v}")),
            ("IPv4-translated", |v| format!("::ffff:0:{v}")),
            ("NAT64", |v| format!("64:ff9b::{v}")),
            ("6to4", |v| {
                let [a, b, c, d] = v.octets();
                format!("2002:{:02x}{:02x}:{:02x}{:02x}::1", a, b, c, d)
            }),
            ("Teredo server", |v| {
                let [a, b, c, d] = v.octets();
                format!("2001:0:{:02x}{:02x}:{:02x}{:02x}:0:0:f7f7:f7f7", a, b, c, d)
            }),
            ("Teredo client", |v| {
                let [a, b, c, d] = (!u32::from(v)).to_be_bytes();
                format!(
                    "2001:0:4136:e378:8000:63bf:{:02x}{:02x}:{:02x}{:02x}",
                    a, b, c, d
                )
            }),
        ];
        for (name, form) in forms {
            for (v4, want) in [
                ("127.0.0.1", Network::Private),
                ("10.1.2.3", Network::Private),
                ("192.168.0.1", Network::Private),
                ("100.64.0.1", Network::Private),
                ("169.254.169.254", Network::LinkLocal),
                ("8.8.4.4", Network::Public),
            ] {
                let text = form(v4.parse().unwrap());
                let ip: Ipv6Addr = text.parse().unwrap();
                assert_eq!(network(IpAddr::V6(ip)), want, "{name}: {text} carries {v4}");
            }
        }
    }
}
