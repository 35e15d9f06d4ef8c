//! Thin JSON helpers over `kube::Api<DynamicObject>`: objects go in and out as
//! `serde_json::Value`, which keeps fixtures and stand-ins close to the YAML in the spec.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use anyhow::{Context, Result};
use kube::api::{Api, ApiResource, DeleteParams, DynamicObject, Patch, PatchParams, PostParams};
use serde_json::Value;

fn api(client: &kube::Client, ar: &ApiResource, ns: Option<&str>) -> Api<DynamicObject> {
    match ns {
        Some(ns) => Api::namespaced_with(client.clone(), ns, ar),
        None => Api::all_with(client.clone(), ar),
    }
}

fn to_value(obj: DynamicObject) -> Result<Value> {
    serde_json::to_value(obj).context("encoding object")
}

fn describe(ar: &ApiResource, ns: Option<&str>, name: &str) -> String {
    format!("{}/{}/{}", ar.plural, ns.unwrap_or("-"), name)
}

/// GET an object.
pub async fn get(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    name: &str,
) -> Result<Value> {
    to_value(
        api(client, ar, ns)
            .get(name)
            .await
            .with_context(|| format!("get {}", describe(ar, ns, name)))?,
    )
}

/// GET an object, `None` when it does not exist.
pub async fn get_opt(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    name: &str,
) -> Result<Option<Value>> {
    match api(client, ar, ns).get_opt(name).await {
        Ok(Some(o)) => Ok(Some(to_value(o)?)),
        Ok(None) => Ok(None),
        Err(e) => Err(e).with_context(|| format!("get {}", describe(ar, ns, name))),
    }
}

/// POST an object (apiVersion and kind are filled in from `ar`).
pub async fn create(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    mut obj: Value,
) -> Result<Value> {
    obj["apiVersion"] = Value::String(ar.api_version.clone());
    obj["kind"] = Value::String(ar.kind.clone());
    let name = obj["metadata"]["name"].as_str().unwrap_or("").to_string();
    let dyn_obj: DynamicObject = serde_json::from_value(obj).context("decoding object")?;
    to_value(
        api(client, ar, ns)
            .create(&PostParams::default(), &dyn_obj)
            .await
            .with_context(|| format!("create {}", describe(ar, ns, &name)))?,
    )
}

/// POST an object; an existing object of that name is left alone (409 ignored).
pub async fn create_if_absent(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    obj: Value,
) -> Result<()> {
    match create(client, ar, ns, obj).await {
        Ok(_) => Ok(()),
        Err(e) if is_status(&e, 409) => Ok(()),
        Err(e) => Err(e),
    }
}

/// JSON merge patch on the object.
pub async fn merge_patch(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    name: &str,
    patch: Value,
) -> Result<Value> {
    to_value(
        api(client, ar, ns)
            .patch(name, &PatchParams::default(), &Patch::Merge(patch))
            .await
            .with_context(|| format!("patch {}", describe(ar, ns, name)))?,
    )
}

/// JSON merge patch on the `/status` subresource.
pub async fn merge_patch_status(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    name: &str,
    patch: Value,
) -> Result<Value> {
    to_value(
        api(client, ar, ns)
            .patch_status(name, &PatchParams::default(), &Patch::Merge(patch))
            .await
            .with_context(|| format!("patch status {}", describe(ar, ns, name)))?,
    )
}

/// DELETE an object (foreground not requested; without controllers nothing cascades).
pub async fn delete(
    client: &kube::Client,
    ar: &ApiResource,
    ns: Option<&str>,
    name: &str,
) -> Result<()> {
    api(client, ar, ns)
        .delete(name, &DeleteParams::default())
        .await
        .with_context(|| format!("delete {}", describe(ar, ns, name)))?;
    Ok(())
}

/// True when `err` (anywhere in its chain) is an API error with HTTP status `code`.
pub fn is_status(err: &anyhow::Error, code: u16) -> bool {
    err.chain().any(|e| match e.downcast_ref::<kube::Error>() {
        Some(kube::Error::Api(s)) => s.code == code,
        _ => false,
    })
}

/// `metadata.generation` of an object (0 when absent).
pub fn generation(obj: &Value) -> i64 {
    obj["metadata"]["generation"].as_i64().unwrap_or(0)
}

/// `metadata.uid` of an object ("" when absent).
pub fn uid(obj: &Value) -> &str {
    obj["metadata"]["uid"].as_str().unwrap_or("")
}

/// `metadata.resourceVersion` of an object ("" when absent).
pub fn resource_version(obj: &Value) -> &str {
    obj["metadata"]["resourceVersion"].as_str().unwrap_or("")
}
